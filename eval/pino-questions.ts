// Held-out evaluation set over pino's own docs (node_modules/pino/docs, Markdown, not written by us).
// Unlike eval/fastify-questions.ts, these questions were written BEFORE the answerer ever ran on pino's
// docs and nothing in retrieval or the answerer was changed after seeing their figures, so they give an
// honest held-out measure. Answerable questions list the page(s) that answer them,
// relative to the docs folder; questions the docs do not answer have no pages and must be refused.
// Phrased as a user of a logging library would ask, not copied from the docs. Three generic support
// questions (refund policy, password reset, cancelling a subscription) turned out to be word for word
// in the fastify set too; they were left as first written rather than edited after the first run.
import type { EvalQuestion } from './fastify-questions.js';

export const PINO_QUESTIONS: EvalQuestion[] = [
  // --- answerable ---
  { question: 'How do I change the log level so my debug messages are printed?', pages: ['api.md'] },
  { question: 'How can I hide passwords or tokens so they never appear in my logs?', pages: ['redaction.md', 'api.md'] },
  { question: 'Can I replace hidden values with my own text instead of [Redacted]?', pages: ['redaction.md', 'api.md'] },
  { question: 'How do I make the JSON logs human readable while developing?', pages: ['pretty.md', 'transports.md'] },
  { question: 'How should I rotate my log files every day?', pages: ['help.md', 'transports.md'] },
  { question: 'How do I add the module name to every log line written from one file?', pages: ['child-loggers.md', 'api.md'] },
  { question: 'Is creating a child logger slow?', pages: ['child-loggers.md'] },
  { question: 'How can I send the same logs to several destinations at once?', pages: ['api.md', 'help.md', 'transports.md'] },
  { question: 'How do I write error logs to stderr and everything else to stdout?', pages: ['help.md', 'api.md'] },
  { question: 'How do I save my logs into a file instead of the terminal?', pages: ['api.md', 'transports.md', 'asynchronous.md'] },
  { question: 'How do I buffer log writes to reduce the logging overhead?', pages: ['asynchronous.md', 'api.md'] },
  { question: 'Why do some of my log messages go missing on AWS Lambda?', pages: ['asynchronous.md'] },
  { question: 'Can I use pino in a web browser?', pages: ['browser.md'] },
  { question: 'How do I ship logs from the browser back to my server?', pages: ['browser.md'] },
  { question: 'How do I log requests in an Express application?', pages: ['web.md'] },
  { question: 'How do I add request logging to a plain Node http server?', pages: ['web.md'] },
  { question: 'How do I bundle pino with webpack or esbuild?', pages: ['bundling.md'] },
  { question: 'How long will a major version of pino receive support?', pages: ['lts.md'] },
  { question: 'Which Node.js versions does pino support?', pages: ['lts.md'] },
  { question: 'How fast is pino compared with winston or bunyan?', pages: ['benchmarks.md'] },
  { question: 'How do I write my own transport?', pages: ['transports.md'] },
  { question: 'How can I send my logs to Elasticsearch?', pages: ['transports.md'] },
  { question: 'How do I show the level as a word like "info" instead of a number?', pages: ['help.md', 'api.md'] },
  { question: 'How do I create my own log levels?', pages: ['api.md'] },
  { question: 'How do I get ISO formatted timestamps in my logs?', pages: ['api.md'] },
  { question: 'Can I rename the msg property to something else?', pages: ['api.md'] },
  { question: 'How do I add the same extra fields to every log line from a function?', pages: ['api.md'] },
  { question: 'How do I map pino levels to Google Cloud Logging severity?', pages: ['help.md'] },
  { question: 'Can I use pino together with the debug module?', pages: ['help.md'] },
  { question: 'How do I filter the output to see only error logs on the command line?', pages: ['help.md'] },
  { question: 'How can I observe when pino serializes a log line with diagnostics_channel?', pages: ['diagnostics.md'] },
  { question: 'How do I check whether debug level is enabled before doing expensive work?', pages: ['api.md'] },
  { question: 'How do I get pino logs into Grafana Loki?', pages: ['help.md', 'transports.md'] },

  // --- not answered by the pino docs: must be refused ---
  { question: 'How much does a paid pino support contract cost?', pages: [] },
  { question: 'What is your refund policy?', pages: [] },
  { question: 'How do I reset the password of my account?', pages: [] },
  { question: 'How do I cancel my subscription?', pages: [] },
  { question: 'What are your support opening hours?', pages: [] },
  { question: 'Does pino come with a hosted dashboard to search my logs?', pages: [] },
  { question: 'How do I keep only 10 percent of debug logs with sampling?', pages: [] },
  { question: 'How do I encrypt my log files at rest?', pages: [] },
  { question: 'How do I use pino from a Python application?', pages: [] },
  { question: 'Can pino send me an SMS when an error is logged?', pages: [] },
  { question: 'In which region are my logs stored, and is it GDPR compliant?', pages: [] },
  { question: 'How many log lines per month are included in the free plan?', pages: [] },
  { question: 'How do I set the retention period of my logs to 90 days?', pages: [] },
  { question: 'Can I book a call with one of your engineers?', pages: [] },
  { question: 'How do I change the billing email on my invoices?', pages: [] },
];
