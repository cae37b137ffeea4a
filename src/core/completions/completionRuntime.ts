// What the completions feature loads on first use (a bundle of its own, dist/lazy/completions.js; esbuild.mjs):
// the engine with its cleaning, the deny-list and the window. Completions are off until the user turns them on, so
// starting the extension neither parses nor runs this code.
export { askStreamChat } from './askStreamChat';
export { CompletionEngine } from './completionEngine';
export { CompletionPrivacy } from './completionPrivacy';
export { readCompletionWindow } from './completionWindow';
