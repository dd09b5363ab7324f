// External tool servers (spec 2.9 "External tool servers"; docs/behaviour.md "External tool servers
// (MCP)"): Model Context Protocol servers added at project level and enabled per profile. The team
// chooses which of a server's tools the agent may call (`exposed`) and whether a call needs the
// visitor's or an operator's approval first. Every call is logged on its conversation (ToolCall).
// One schema per shape for the server, the widget and the console.
import { Type, type Static } from 'typebox';

const closed = { additionalProperties: false } as const;
const Id = Type.String({ minLength: 1, maxLength: 64 });
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const MCP_LIMITS = {
  serversPerProject: 20,
  headers: 20,
  env: 30,
  args: 50,
  secretChars: 4096,
  /** What the log keeps of a result (the data stays in the external system). */
  resultSummaryChars: 500,
} as const;

/** Lowercase letters and digits: the middle of the agent's tool names, `mcp_<slug>_<tool>`. */
export const MCP_SLUG_PATTERN = '^[a-z][a-z0-9]{0,15}$';
/** HTTP header names (RFC 9110 token). */
const HEADER_NAME_PATTERN = "^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$";
const ENV_NAME_PATTERN = '^[A-Za-z_][A-Za-z0-9_]{0,63}$';

const SecretValue = Type.String({ minLength: 1, maxLength: MCP_LIMITS.secretChars });

/** `always`: ask before every call; `never`: run at once. */
export const ApprovalSetting = Type.Union([Type.Literal('always'), Type.Literal('never')]);
export type ApprovalSetting = Static<typeof ApprovalSetting>;

/** MCP tool annotations (hints from the server; trusted only for servers the team marked trusted). */
export const McpToolAnnotations = Type.Object({
  title: Type.Optional(Type.String()),
  readOnlyHint: Type.Optional(Type.Boolean()),
  destructiveHint: Type.Optional(Type.Boolean()),
  idempotentHint: Type.Optional(Type.Boolean()),
  openWorldHint: Type.Optional(Type.Boolean()),
});
export type McpToolAnnotations = Static<typeof McpToolAnnotations>;

/** One tool as the server listed it, with the team's choices and the name the agent calls. */
export const McpToolSchema = Type.Object({
  name: Type.String({ description: "The tool's name on the MCP server" }),
  title: Nullable(Type.String()),
  description: Type.String(),
  input_schema: Type.Record(Type.String(), Type.Unknown()),
  annotations: McpToolAnnotations,
  /** The name the model calls: `mcp_<slug>_<tool>` (at most 64 characters, OpenAI's rule). */
  agent_name: Type.String(),
  exposed: Type.Boolean({ description: 'The agent may call it (default false)' }),
  /** The team's setting; null: not set (then `always`, or `never` for a read-only tool of a trusted server). */
  approval: Nullable(ApprovalSetting),
  /** What applies: the team's setting, else the default described above. */
  effective_approval: ApprovalSetting,
});
export type McpTool = Static<typeof McpToolSchema>;

export const McpTransportType = Type.Union([Type.Literal('streamable_http'), Type.Literal('stdio')]);

export const McpServerSchema = Type.Object({
  id: Id,
  project_id: Id,
  name: Type.String(),
  slug: Type.String(),
  transport: McpTransportType,
  /** streamable_http: the endpoint; null for stdio. */
  url: Nullable(Type.String()),
  /** streamable_http: names of the headers sent (values are secret, never returned). */
  header_names: Type.Array(Type.String()),
  /** stdio: the program and its arguments; null / [] for streamable_http. */
  command: Nullable(Type.String()),
  args: Type.Array(Type.String()),
  /** stdio: names of the environment variables set (values are secret, never returned). */
  env_names: Type.Array(Type.String()),
  /** Its tools' read-only annotations may make `never` the default approval. */
  trusted: Type.Boolean(),
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  last_error: Nullable(Type.String()),
  tools: Type.Array(McpToolSchema),
  tools_refreshed_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type McpServer = Static<typeof McpServerSchema>;

/** A tool as listed, stored on the server row (the team's settings are kept apart, by tool name). */
export interface CachedMcpTool {
  name: string;
  title: string | null;
  description: string;
  input_schema: Record<string, unknown>;
  annotations: McpToolAnnotations;
}

/** As stored: header and env values sealed with the master key; tool settings by tool name. */
export type StoredMcpServer = Omit<McpServer, 'header_names' | 'env_names' | 'tools'> & {
  headers: Record<string, string>;
  env: Record<string, string>;
  tools: CachedMcpTool[];
  tool_settings: Record<string, { exposed: boolean; approval: ApprovalSetting | null }>;
};

export const McpServerList = Type.Object({ data: Type.Array(McpServerSchema) });

const Name = Type.String({ minLength: 1, maxLength: 120 });
const Slug = Type.String({ pattern: MCP_SLUG_PATTERN, description: 'Short id in the agent tool names (default: from the name); unique in the project' });
const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'http(s) endpoint of a Streamable HTTP server; IP literals and localhost only with ALLOW_PRIVATE_FETCH' });
const Headers = Type.Record(Type.String({ pattern: HEADER_NAME_PATTERN }), SecretValue, { ...closed, maxProperties: MCP_LIMITS.headers, description: 'Sent with every request (e.g. Authorization); encrypted at rest, never returned' });
const Command = Type.String({ minLength: 1, maxLength: 1024, description: 'stdio: the program to start (only when the server sets MCP_STDIO_ENABLED=true)' });
const Args = Type.Array(Type.String({ maxLength: 4096 }), { maxItems: MCP_LIMITS.args });
const Env = Type.Record(Type.String({ pattern: ENV_NAME_PATTERN }), SecretValue, { ...closed, maxProperties: MCP_LIMITS.env, description: 'stdio: environment of the program; encrypted at rest, never returned' });
const ToolSettings = Type.Record(
  Type.String({ minLength: 1, maxLength: 128 }),
  Type.Object({ exposed: Type.Optional(Type.Boolean()), approval: Type.Optional(Nullable(ApprovalSetting)) }, closed),
  { maxProperties: 500, description: "Per tool (by its name on the server): `exposed`, `approval` (null: back to the default)" },
);

export const McpServerBody = Type.Object(
  {
    name: Name,
    slug: Type.Optional(Slug),
    transport: McpTransportType,
    url: Type.Optional(Url),
    headers: Type.Optional(Headers),
    command: Type.Optional(Command),
    args: Type.Optional(Args),
    env: Type.Optional(Env),
    trusted: Type.Optional(Type.Boolean({ description: 'Default false' })),
    tools: Type.Optional(ToolSettings),
  },
  closed,
);
export type McpServerBody = Static<typeof McpServerBody>;

export const McpServerPatchBody = Type.Object(
  {
    name: Type.Optional(Name),
    url: Type.Optional(Url),
    headers: Type.Optional(Type.Record(Type.String({ pattern: HEADER_NAME_PATTERN }), Nullable(SecretValue), { ...closed, maxProperties: MCP_LIMITS.headers, description: 'Sets the named headers; null removes one; others stay' })),
    command: Type.Optional(Command),
    args: Type.Optional(Args),
    env: Type.Optional(Type.Record(Type.String({ pattern: ENV_NAME_PATTERN }), Nullable(SecretValue), { ...closed, maxProperties: MCP_LIMITS.env, description: 'Sets the named variables; null removes one; others stay' })),
    trusted: Type.Optional(Type.Boolean()),
    tools: Type.Optional(ToolSettings),
  },
  closed,
);
export type McpServerPatchBody = Static<typeof McpServerPatchBody>;

export const McpServerParams = Type.Object({ project_id: Type.String(), mcp_server_id: Id }, closed);

// ---- the tool-call log (spec 2.9: every call of an external tool, on its conversation) ----------

/** pending → approved | denied | expired; `not_required` when no approval was needed. */
export const ToolCallApproval = Type.Union([
  Type.Literal('not_required'),
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('denied'),
  Type.Literal('expired'),
]);
export type ToolCallApproval = Static<typeof ToolCallApproval>;

/** pending: not run (yet); ok / error: it ran; not_run: denied or expired. */
export const ToolCallStatus = Type.Union([Type.Literal('pending'), Type.Literal('ok'), Type.Literal('error'), Type.Literal('not_run')]);

export const ToolCallAnswerer = Type.Object({
  kind: Type.Union([Type.Literal('visitor'), Type.Literal('operator')]),
  /** The operator's member id; the user id for a visitor. */
  id: Nullable(Type.String()),
  name: Nullable(Type.String()),
});

export const ToolCallSchema = Type.Object({
  id: Id,
  project_id: Id,
  conversation_id: Id,
  /** The name the model called (`mcp_<slug>_<tool>`). */
  tool: Type.String(),
  /** What a person reads: the tool's title, else its name. */
  tool_title: Type.String(),
  mcp_server_id: Id,
  mcp_tool: Type.String(),
  /** Who asked for the call: the model (`agent`) or a procedure's tool step. */
  origin: Type.Union([Type.Literal('agent'), Type.Literal('procedure')]),
  arguments: Type.Record(Type.String(), Type.Unknown()),
  /** Plain language: "will call <tool title> with …". */
  summary: Type.String(),
  approval: ToolCallApproval,
  answered_by: Nullable(ToolCallAnswerer),
  answered_at: Nullable(Timestamp),
  status: ToolCallStatus,
  /** The first characters of the result's text (the rest stays in the external system). */
  result_summary: Nullable(Type.String()),
  error: Nullable(Type.String()),
  duration_ms: Nullable(Type.Integer()),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type ToolCall = Static<typeof ToolCallSchema>;
export const ToolCallList = Type.Object({ data: Type.Array(ToolCallSchema) });
export const ToolCallParams = Type.Object({ project_id: Type.String(), conversation_id: Id, call_id: Id }, closed);

/** What the visitor's widget shows: the approve/deny card of a call waiting for an answer. */
export const VisitorToolCallSchema = Type.Object({
  id: Id,
  conversation_id: Id,
  tool_title: Type.String(),
  summary: Type.String(),
  arguments: Type.Record(Type.String(), Type.Unknown()),
  approval: ToolCallApproval,
});
export type VisitorToolCall = Static<typeof VisitorToolCallSchema>;

export const visitorToolCall = (c: ToolCall): VisitorToolCall => ({
  id: c.id,
  conversation_id: c.conversation_id,
  tool_title: c.tool_title,
  summary: c.summary,
  arguments: c.arguments,
  approval: c.approval,
});
