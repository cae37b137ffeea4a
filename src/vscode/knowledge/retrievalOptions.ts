// The knowledge-base settings as a question sends them: the retrieval tool's options (spec 4.2), for MaaS: Ask
// Knowledge Base about Selection and the knowledge-base tool (which @maas /kb calls) alike.
import type { RetrievalOptions } from '../../core/chat/chatRequest';
import type { Settings } from '../settings/settingsDeclaration';
import * as vscode from 'vscode';

export type KnowledgeMode = 'divergent' | 'strict';

/** The retrieval tool's options from the settings and the question's mode (chat_mode 1 divergent, 2 strict). */
export function retrievalOptions(settings: Settings, ids: readonly number[], mode: KnowledgeMode): RetrievalOptions {
  return {
    knowledge_ids: [...ids],
    chat_mode: mode === 'strict' ? 2 : 1,
    remove_corner_mark: settings.knowledgeRemoveCornerMark,
    backup_chat: settings.knowledgeBackupChat,
    ...(settings.knowledgeTipsText.trim() === '' ? {} : { tips_text: settings.knowledgeTipsText }),
    ...(settings.knowledgeTextThreshold === undefined ? {} : { text_threshold: settings.knowledgeTextThreshold }),
  };
}

// What a knowledge-base question says when the settings name no knowledge base: the same for MaaS: Ask Knowledge
// Base about Selection and @maas /kb (each offers MaaS: Add Knowledge Base, whose title is noKnowledgeBaseAction).
export function noKnowledgeBaseText(): string {
  return vscode.l10n.t('No knowledge base is configured. Add one with its id from the MaaS console.');
}

/** The button that runs MaaS: Add Knowledge Base, where a question found no knowledge base configured. */
export function noKnowledgeBaseAction(): string {
  return vscode.l10n.t('Add Knowledge Base');
}
