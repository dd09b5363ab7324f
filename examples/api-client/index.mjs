#!/usr/bin/env node
// Example: drive Parley from your backend (npm run example:api).
//   1. create a conversation for one of your customers, with their first message;
//   2. ask the agent to answer it (generation is explicit, spec 4);
//   3. update the customer's profile.
// Settings: PARLEY_BASE_URL, PARLEY_API_KEY, PARLEY_PROJECT_ID; missing ones come from the demo
// credentials the server wrote to DATA_DIR/demo-credentials.json on its first start.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createClient, ParleyError } from './client.mjs';

async function settings() {
  const env = process.env;
  let demo = {};
  if (!env.PARLEY_API_KEY || !env.PARLEY_PROJECT_ID) {
    const file = join(resolve(env.DATA_DIR || './data'), 'demo-credentials.json');
    try {
      demo = JSON.parse(await readFile(file, 'utf8'));
    } catch {
      throw new Error(`Set PARLEY_API_KEY and PARLEY_PROJECT_ID, or start the demo server first (it writes ${file}).`);
    }
  }
  return {
    baseUrl: env.PARLEY_BASE_URL || env.BASE_URL || `http://127.0.0.1:${env.PORT || 3000}`,
    apiKey: env.PARLEY_API_KEY || demo.api_key,
    projectId: env.PARLEY_PROJECT_ID || demo.project_id,
  };
}

async function main() {
  const { baseUrl, apiKey, projectId } = await settings();
  const client = createClient({ baseUrl, apiKey, log: (line) => console.error(line) });
  const customer = process.argv[2] || 'example-customer-1';
  const question = process.argv[3] || 'How do I add the chat widget to my website?';

  const conversation = await client.createConversation(projectId, customer, question);
  console.log(`conversation ${conversation.id} (user ${conversation.user_id})`);
  console.log(`  user:      ${question}`);

  const { message, sources } = await client.generate(projectId, conversation.id);
  console.log(`  assistant: ${message.content}`);
  for (const s of sources) console.log(`  source:    ${s.title}${s.url ? ` <${s.url}>` : ''}`);

  const user = await client.patchUser(projectId, conversation.user_id, {
    first_name: 'Example',
    last_name: 'Customer',
    external_attributes: { plan: 'pro', last_example_run: new Date().toISOString() },
  });
  console.log(`user ${user.id} now ${user.first_name} ${user.last_name}, attributes ${JSON.stringify(user.external_attributes)}`);
}

main().catch((err) => {
  console.error(err instanceof ParleyError ? `Parley API error ${err.message}` : err.message);
  process.exit(1);
});
