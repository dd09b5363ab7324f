// One catalogue of stable error codes (docs/architecture.md section 2). Tests match on these codes, never on text.
export const ERROR_CODES = {
  invalid_request: 400,
  unknown_parameter: 400,
  invalid_json: 400,
  invalid_file: 400,
  invalid_frame: 400,
  unauthorized: 401,
  invalid_token: 401,
  insufficient_permissions: 403,
  forbidden: 403,
  origin_not_allowed: 403,
  wrong_project: 403,
  csrf_failed: 403,
  session_required: 403,
  /** Signed in with a temporary password: change it first (POST /v1/org/me/password). */
  password_change_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** Business hours that close before they open or overlap (docs/operators.md "Business hours"). */
  invalid_business_hours: 400,
  sync_in_progress: 409,
  conversation_too_long: 409,
  idempotency_conflict: 409,
  reply_skipped: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limit_exceeded: 429,
  internal_error: 500,
  upstream_unavailable: 502,
  not_configured: 503,
  /** The server is still starting (seeding the demo); retry after Retry-After seconds. */
  not_ready: 503,
  /** A route took longer than its handler timeout (docs/api.md "Errors"). */
  handler_timeout: 503,
  /** The attachment storage (an S3-compatible bucket) could not be reached or refused the call (docs/attachments.md "Storage"). */
  storage_unavailable: 503,
  // voice input and verified identity (spec 2.4 and 10)
  audio_too_long: 413,
  unsupported_language: 422,
  no_speech: 422,
  transcription_failed: 502,
  stt_unavailable: 503,
  identity_verification_failed: 401,
  verified_identity_required: 403,
  // behaviour: audiences, guidance rules, profiles (spec 2.7, 2.8; docs/behaviour.md)
  unknown_audience_field: 400,
  invalid_audience_operator: 400,
  invalid_audience_value: 400,
  unknown_audience: 400,
  unknown_profile: 400,
  // triggers (spec 6; docs/behaviour.md "Triggers")
  unsafe_pattern: 400,
  unknown_label: 400,
  // deployments and aliases (spec 2.10, 9; docs/behaviour.md "Deployments and aliases")
  unknown_deployment: 400,
  unknown_alias: 400,
  alias_immutable: 409,
  alias_in_use: 409,
  /** A saved simulation suite failed against the build an alias was to move to (docs/behaviour.md "Simulations"). */
  simulation_failed: 409,
  // Unitools (spec 2.9; docs/behaviour.md "Unitools")
  /** `parameters` is not a JSON Schema of an arguments object. */
  invalid_tool_schema: 400,
  /** A Unitool may not take a built-in action's name. */
  reserved_tool_name: 400,
  /** Test-run arguments do not match the tool's parameters. */
  invalid_arguments: 400,
  /** bwrap, prlimit or the interpreter is missing on the server (scripts/system-deps.sh installs them). */
  sandbox_unavailable: 503,
  // External tool servers (spec 2.9; docs/behaviour.md "External tool servers (MCP)")
  /** A profile names an MCP server id the project does not have. */
  unknown_mcp_server: 400,
  /** Tool settings name a tool the server did not list. */
  unknown_mcp_tool: 400,
  /** An MCP URL that is an IP literal or localhost, refused unless ALLOW_PRIVATE_FETCH. */
  blocked_url: 400,
  /** A stdio MCP server on a server that did not set MCP_STDIO_ENABLED=true. */
  stdio_disabled: 403,
  /** The tool call was already answered, or expired. */
  tool_call_answered: 409,
  /** The MCP server could not be reached or failed to list its tools (the row keeps last_error). */
  mcp_unavailable: 424,
  // Billing (spec 2.12, 3.2; docs/billing.md)
  /** The legacy Generated Messages category next to Chat or Ticketing Messages, or a category twice. */
  billing_category_conflict: 400,
  /** A subscription change its status does not allow (e.g. cancelling an expired one). */
  invalid_transition: 409,
  /** The organization has no subscription yet (an instance operator sets the contract). */
  no_subscription: 404,
  /** The admin API `/v1/admin/…` is off on this server: no ADMIN_TOKEN is set (docs/billing.md "Admin API"). */
  admin_api_disabled: 404,
  // Exports (spec 4.1; docs/api.md "Exports")
  /** A project's 2 full exports of the last 24 hours are used; `retry_after` says when the next may be asked for. */
  export_limit_reached: 429,
  /** A download link that was changed or not made by this server. */
  invalid_signature: 403,
  /** A download link past its 7 days, or an export no longer kept. */
  link_expired: 410,
  // Platform channels (spec 2.10; docs/channels.md)
  /** An inbound platform request whose signature does not verify: nothing is stored. */
  platform_signature_invalid: 401,
  /** The platform refused the credentials (a wrong token) when connecting or sending a test. */
  platform_rejected: 424,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The flat error body used everywhere: `{ error, message, ...extras }`. */
export interface ErrorBody {
  error: ErrorCode | string;
  message: string;
  [extra: string]: unknown;
}
