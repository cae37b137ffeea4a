// MaaS: Show Logs — reveals the `MaaS Assistant` log output channel.
import type { Logger } from '../logger';

export function showLogsCommand(logger: Logger): () => void {
  return () => logger.show();
}
