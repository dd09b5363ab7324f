// Console URL of the projects page: under a project when one is open, else /app/projects.
export const projectsPath = (projectId: string | null) => (projectId ? `/app/p/${projectId}/projects` : '/app/projects');
