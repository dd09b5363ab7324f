// Demo data for the widget examples: a second website-widget channel, so the two-widgets example
// page has two independent frame ids. Same allowed origins as the demo channel.
import { addDemoSeeder } from '../../demo/seed.js';

addDemoSeeder(async (ctx, demo) => {
  const channels = await ctx.services.projects.listChannels(demo.project_id);
  const first = channels.find((c) => c.id === demo.channel_id);
  await ctx.services.projects.createChannel(demo.project_id, {
    name: 'Demo help centre',
    allowed_origins: first?.allowed_origins ?? [],
    greeting: 'Hello from the second widget on this page.',
    theme: { color: '#1a7f37', position: 'left' },
  });
});
