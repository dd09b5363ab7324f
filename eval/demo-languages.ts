// Portuguese and Dutch questions over the demo's English knowledge (docs/eval.md "Portuguese and
// Dutch"): 12 of the demo's own site-owner questions (demo-questions.test.ts), each translated into
// Portuguese and Dutch (24 in all), two languages the widget speaks but no eval set asks in. Each goes through REST conversations +
// generate on a fresh demo app, as a visitor's would; a question counts as found when a cited
// source's title or section among the first three names what it asks about.
//   npx tsx eval/demo-languages.ts
// Last line: cited_top1=… cited_top3=… (of 24) answered=… (confident, citing a right source) wrong=… (confident, citing none).
import { createTestApp } from '../server/testing/test-app.js';
/** Portuguese, Dutch, and what a right section's title or heading says. */
const ASKED: [string, string, RegExp][] = [
  ['Como instalo o widget no meu site?', 'Hoe installeer ik de widget op mijn site?', /install or embed/i],
  ['Como adiciono o meu próprio conhecimento?', 'Hoe voeg ik mijn eigen kennis toe?', /own knowledge/i],
  ['Como faço backup dos meus dados?', 'Hoe maak ik een back-up van mijn gegevens?', /back up|backup|back it up/i],
  ['Onde fica o console da equipe?', 'Waar is de console van het team?', /team console/i],
  ['Posso usar o meu próprio LLM?', 'Kan ik mijn eigen LLM gebruiken?', /own LLM/i],
  ['Posso falar com um humano?', 'Kan ik met een mens praten?', /talk to a human|hand a chat|handed over to a person/i],
  ['Como mudo a cor do widget?', 'Hoe verander ik de kleur van de widget?', /colou?r/i],
  ['Como adiciono outro operador à minha equipe?', 'Hoe voeg ik een andere medewerker toe aan mijn team?', /operator/i],
  ['O widget usa cookies?', 'Gebruikt de widget cookies?', /cookies/i],
  ['Os visitantes podem enviar arquivos?', 'Kunnen bezoekers bestanden sturen?', /send files/i],
  ['Como mudo a saudação?', 'Hoe verander ik de begroeting?', /greeting/i],
  ['Funciona no Shopify?', 'Werkt het op Shopify?', /Shopify/i],
];
const Q: [string, RegExp][] = [...ASKED.map(([pt, , want]): [string, RegExp] => [pt, want]), ...ASKED.map(([, nl, want]): [string, RegExp] => [nl, want])];
const t = await createTestApp({ logLevel: 'silent' });
const base = await t.listen();
const P = `/v1/projects/${t.demo.project_id}`;
const H = { authorization: `Bearer ${t.demo.api_key}`, 'content-type': 'application/json' };
const post = async (url: string, payload?: unknown) => (await fetch(`${base}${url}`, { method: 'POST', headers: H, ...(payload === undefined ? {} : { body: JSON.stringify(payload) }) })).json();
let top1 = 0, top3 = 0, answered = 0, wrong = 0;
for (const [q, want] of Q) {
  const conv = await post(`${P}/conversations`, { user_id: 'probe' + Math.random(), message: q });
  const r = await post(`${P}/conversations/${conv.id}/generate`);
  const srcs = (r.sources ?? []).map((s: any) => `${s.title} › ${s.section ?? ''}`);
  const hit = srcs.slice(0, 3).findIndex((s: string) => want.test(s));
  if (hit === 0) top1++;
  if (hit >= 0) top3++;
  if (r.message.outcome === 'answer') (hit >= 0 ? answered++ : wrong++);
  console.log(hit >= 0 ? 'HIT ' : 'MISS', r.message.outcome.padEnd(11), q, '→', srcs[0] ?? '-');
}
console.log(`cited_top1=${top1}/${Q.length} cited_top3=${top3}/${Q.length} answered=${answered} wrong=${wrong}`);
await t.close();
