// What a knowledge-base question says when the settings name no knowledge base: the same for MaaS: Ask Knowledge
// Base about Selection and @maas /kb (each offers to open the setting).
import * as vscode from 'vscode';

export function noKnowledgeBaseText(): string {
  return vscode.l10n.t('No knowledge base is configured. Add your knowledge bases (id and name) to the setting maas.knowledgeBases.');
}
