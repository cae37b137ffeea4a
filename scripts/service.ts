// `npm run service -- [flags]`: the local service from the command line (service/src/main.ts), after installing the
// Debian programs its speech synthesis runs (espeak-ng, lame) when this machine lacks them, as npm test does.
import { ensureSpeechPrograms } from '../test/harness/tools';

ensureSpeechPrograms();
void import('../service/src/main.js');
