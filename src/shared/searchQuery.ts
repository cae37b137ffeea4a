// The history search's query bound, which the view's search field (webview) and the host's message check
// (protocolSchemas.ts) both apply, so it lives apart from both.

/** The longest query the history search takes (the view's search field stops there, the host's check refuses more). */
export const maxSearchQueryLength = 200;
