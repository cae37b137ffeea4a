// zod for the host: its mini build, whose functions a bundle keeps only when they are used (the classic build's
// methods hold all of zod, about 96 KB of extension.js), set up before any schema is built because every module with a
// schema imports zod from here. Two settings:
// - English messages, which the classic build loads itself and the mini build leaves to the program: the settings
//   problems and the validation errors quote them.
// - `jitless`: zod compiles object schemas into functions after probing whether `new Function` is allowed, and the
//   probe reads the global `navigator`, which VS Code's extension host (1.139, Node 22+) reports as a
//   PendingMigrationError in the Extension Host log on every start. Without the compiled path zod validates the same
//   way through its interpreter; the chat stream's hot path does not go through zod (docs/client.md, Performance).
import { en } from 'zod/locales';
import * as z from 'zod/mini';

z.config({ ...en(), jitless: true });

export * from 'zod/mini';
