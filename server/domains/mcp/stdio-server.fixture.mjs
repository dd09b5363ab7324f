// A stdio MCP server for tests: `echo` answers, `die` exits the process in the middle of the call
// (a tool server that crashes must not take Parley with it). Plain JS, started with node.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'dying', version: '1.0.0' });
server.registerTool('echo', { description: 'Echoes text', inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text: `echo: ${text}` }] }));
server.registerTool('die', { description: 'Exits mid-call', inputSchema: {} }, async () => {
  process.stderr.write('dying now\n');
  process.exit(3);
});
await server.connect(new StdioServerTransport());
