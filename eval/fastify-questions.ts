// The evaluation question set over Fastify's own docs (node_modules/fastify/docs, not written by us).
// Answerable questions list the page(s) that answer them, relative to the docs folder; questions the
// docs do not answer have no pages and must be refused (honest "I don't know" + offer_handoff).
// Written from reading the docs as a user would ask, not from the retrieval output.
export interface EvalQuestion {
  question: string;
  pages: string[];
}

const R = (name: string) => `Reference/${name}.md`;
const G = (name: string) => `Guides/${name}.md`;

export const QUESTIONS: EvalQuestion[] = [
  // --- answerable ---
  { question: 'How do I enable logging in Fastify?', pages: [R('Logging'), R('Server')] },
  { question: 'How can I redact the authorization header from my logs?', pages: [R('Logging')] },
  { question: 'What is the default maximum request body size?', pages: [R('Server')] },
  { question: 'How do I use a custom header for the request id?', pages: [R('Server'), R('Logging')] },
  { question: 'Which hook runs first in the request lifecycle?', pages: [R('Hooks'), R('Lifecycle')] },
  { question: 'How can I run cleanup code when the server closes?', pages: [R('Hooks'), R('Server')] },
  { question: 'How do I add a custom property to the request object?', pages: [R('Decorators')] },
  { question: 'How can I redirect a request to another URL?', pages: [R('Reply')] },
  { question: 'How do I set a response header?', pages: [R('Reply')] },
  { question: 'How do I register a plugin with a route prefix?', pages: [R('Plugins'), R('Routes')] },
  { question: 'How do I make decorators from a plugin visible outside its encapsulation context?', pages: [R('Encapsulation'), R('Plugins'), G('Plugins-Guide'), G('Write-Plugin'), R('Decorators')] },
  { question: 'How do I enable HTTP/2?', pages: [R('HTTP2')] },
  { question: 'Can I use Express middleware with Fastify?', pages: [R('Middleware')] },
  { question: 'How can I parse a custom content type such as XML?', pages: [R('ContentTypeParser')] },
  { question: 'How do I validate the request body with a JSON schema?', pages: [R('Validation-and-Serialization')] },
  { question: 'How do I add a shared schema and reference it with $ref?', pages: [R('Validation-and-Serialization')] },
  { question: 'How do I test my routes without starting a server?', pages: [G('Testing')] },
  { question: 'How do I connect Fastify to a database like Postgres?', pages: [G('Database')] },
  { question: 'How can I run Fastify on AWS Lambda?', pages: [G('Serverless')] },
  { question: 'How do I detect that a client aborted the request?', pages: [G('Detecting-When-Clients-Abort'), R('Hooks'), R('Request')] },
  { question: 'What is prototype poisoning?', pages: [G('Prototype-Poisoning')] },
  { question: 'How should I run Fastify behind a reverse proxy like Nginx?', pages: [G('Recommendations')] },
  { question: 'How do I benchmark a Fastify application?', pages: [G('Benchmarking')] },
  { question: 'What do I need to change when migrating from Fastify v4 to v5?', pages: [G('Migration-Guide-V5')] },
  { question: 'How long is a major Fastify version supported?', pages: [R('LTS')] },
  { question: 'How do I use TypeBox as a type provider?', pages: [R('Type-Providers'), R('TypeScript')] },
  { question: 'How do I set a custom error handler?', pages: [R('Server'), R('Errors'), R('Reply')] },
  { question: 'What does the error FST_ERR_CTP_BODY_TOO_LARGE mean?', pages: [R('Errors')] },
  { question: 'How can I make route matching case insensitive?', pages: [R('Server')] },
  { question: 'How do I customize the 404 not found handler?', pages: [R('Server'), R('Reply')] },
  { question: 'How do I get the client IP address when running behind a proxy?', pages: [R('Request'), R('Server')] },
  { question: 'How do I read query string parameters in a route handler?', pages: [R('Request')] },
  { question: 'How do I version routes with constraints?', pages: [R('Routes'), R('Server')] },
  { question: 'How do I send a stream as the response?', pages: [R('Reply')] },
  { question: 'How can I delay accepting requests until my setup is finished?', pages: [G('Delay-Accepting-Requests')] },
  { question: 'How do I install Fastify and create my first server?', pages: [G('Getting-Started')] },
  { question: 'What should I consider when writing and publishing a plugin?', pages: [G('Write-Plugin'), G('Plugins-Guide')] },
  { question: 'How do I speed up JSON serialization of responses with a response schema?', pages: [R('Validation-and-Serialization'), G('Getting-Started')] },
  { question: 'What is the style guide for writing Fastify documentation?', pages: [G('Style-Guide')] },
  { question: 'How do I write my own type provider?', pages: [G('Write-Type-Provider'), R('Type-Providers')] },
  { question: 'How do I build schemas with fluent-json-schema?', pages: [G('Fluent-Schema')] },
  { question: 'How do I make the server listen on all network interfaces inside Docker?', pages: [R('Server'), G('Recommendations'), G('Getting-Started')] },
  { question: 'Can the onSend hook change the response payload?', pages: [R('Hooks')] },
  { question: 'How do I change the plugin loading timeout?', pages: [R('Server'), R('Plugins')] },
  { question: 'Which deprecation warnings can Fastify emit?', pages: [R('Warnings')] },
  { question: 'Can I use Zod for type-safe route schemas?', pages: [R('Type-Providers')] },
  { question: 'How do I send 103 Early Hints?', pages: [R('Reply')] },
  { question: 'How do I hijack the reply and write to the raw response myself?', pages: [R('Reply')] },

  // --- not answered by the docs: must be refused ---
  { question: 'How much does a Fastify enterprise license cost per year?', pages: [] },
  { question: 'What is your refund policy?', pages: [] },
  { question: 'How do I reset the password of my account?', pages: [] },
  { question: 'Can I pay by invoice instead of credit card?', pages: [] },
  { question: 'What are your customer support opening hours?', pages: [] },
  { question: 'How do I cancel my subscription?', pages: [] },
  { question: 'How do I generate PDF invoices with Fastify?', pages: [] },
  { question: 'Can I compile my Fastify app to WebAssembly?', pages: [] },
  { question: 'What will the weather be in Berlin tomorrow?', pages: [] },
  { question: 'Who won the football world cup in 2022?', pages: [] },
  { question: 'How do I bake sourdough bread?', pages: [] },
  { question: 'Is there a student discount?', pages: [] },
  { question: 'How do I change the shipping address of my order?', pages: [] },
  { question: 'Is Fastify certified for HIPAA compliance?', pages: [] },
  { question: 'How do I translate the admin dashboard into Spanish?', pages: [] },
  { question: 'Which GPU do I need to train a neural network?', pages: [] },
  { question: 'How can I export my chat history as a PDF?', pages: [] },
  { question: 'What is the phone number of your sales team?', pages: [] },
  { question: 'Can I upgrade my plan in the middle of a billing cycle?', pages: [] },
  { question: 'Do you offer on-site training workshops in Tokyo?', pages: [] },
];

/**
 * Held out: written after the answerer's thresholds were set on QUESTIONS and run once, never used
 * for tuning. `npm run eval` reports them separately and includes them in the headline figures.
 */
export const HELD_OUT: EvalQuestion[] = [
  { question: 'How do I close the server gracefully?', pages: [R('Server'), R('Lifecycle'), R('Hooks')] },
  { question: 'How do I add a hook that runs right before the route handler?', pages: [R('Hooks')] },
  { question: 'How can I access the raw Node.js request object?', pages: [R('Request')] },
  { question: 'How do I change the status code of a reply?', pages: [R('Reply')] },
  { question: 'How can I remove a content type parser?', pages: [R('ContentTypeParser')] },
  { question: 'How do I serve HTTPS with my certificate and key?', pages: [R('Server'), R('HTTP2')] },
  { question: 'What is the difference between decorate and decorateRequest?', pages: [R('Decorators')] },
  { question: 'How do I customize how requests are serialized in the logs?', pages: [R('Logging'), R('Server')] },
  { question: 'How do I print all registered routes?', pages: [R('Server')] },
  { question: 'How do I get the elapsed time of a reply?', pages: [R('Reply')] },
  { question: 'What does the onRoute hook do?', pages: [R('Hooks')] },
  { question: 'What happens when an async handler throws an error?', pages: [R('Errors'), R('Routes'), R('Reply')] },
  { question: 'How do I run Fastify on Google Cloud Run?', pages: [G('Serverless')] },
  { question: 'Which Node.js version does Fastify v5 require?', pages: [G('Migration-Guide-V5'), R('LTS')] },
  { question: 'How can I limit the number of requests per socket?', pages: [R('Server')] },

  { question: 'How do I delete my account permanently?', pages: [] },
  { question: 'What is the warranty period for hardware?', pages: [] },
  { question: 'Can I get a refund for an annual plan?', pages: [] },
  { question: 'How do I send SMS notifications to my customers?', pages: [] },
  { question: 'Where is the best pizza place nearby?', pages: [] },
  { question: 'Does Fastify come with a drag-and-drop website builder?', pages: [] },
  { question: 'How do I contact your legal department?', pages: [] },
  { question: 'How do I enable two-factor authentication on my profile?', pages: [] },
  { question: 'Can I schedule a call with an account manager?', pages: [] },
  { question: 'Which cryptocurrency wallets do you accept?', pages: [] },
];
