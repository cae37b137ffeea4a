// Imported first by extension.ts, before any module builds a schema: zod compiles object schemas into functions
// (its "JIT") after probing whether `new Function` is allowed, and the probe reads the global `navigator`, which
// VS Code's extension host (1.139, Node 22+) reports as a PendingMigrationError in the Extension Host log on every
// start. Without the JIT zod validates exactly the same way, only through its interpreter; the hot path of the
// chat stream does not go through zod anyway (docs/client.md, Performance).
// The probe: `allowsEval` in zod/v4/core/util.js; `jitless` skips it and the compiled fast path (schemas.js).
import * as z from 'zod';

z.config({ jitless: true });
