import type { BriefSectionDraft, DraftBriefSectionBody, DraftSentence } from '@tandem/contract';
import type { Database } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { assertAllowed, loadMembership, viewerOf } from '../../permissions/membership.js';
import { getBrief } from '../briefs/index.js';
import type { GenerationOptions, SectionDraftProposal } from './ai-provider.js';
import type { AiService } from './ai-service.js';
import { findBriefSources, type BriefSource } from './brief-sources.js';

/** At most this many sentences in one drafted section. */
export const DRAFT_SENTENCES_MAX = 8;

/**
 * The proposal's sentences that hold (issue #11 "no source, no sentence"): text trimmed onto one
 * line, non-empty, citing at least one source and only ids of `sources` (any other id drops the
 * sentence), each id once.
 */
export function checkedSentences(proposal: SectionDraftProposal, sources: Map<string, BriefSource>): DraftSentence[] {
  return proposal.sentences.flatMap((sentence) => {
    const text = sentence.text.replace(/\s+/g, ' ').trim();
    const sourceIds = [...new Set(sentence.sourceIds)];
    if (!text || sourceIds.length === 0 || !sourceIds.every((id) => sources.has(id))) return [];
    return [{ text, sourceIds }];
  });
}

/**
 * POST v1/workspaces/{id}/briefs/{briefId}/draft (issue #11): drafts one section from the office's
 * own sources (brief-sources.ts). Nothing is written: the answer is a proposal. `markdown` is the
 * sentences as a bullet list, each ending with its sources' labels in parentheses; `sources` the
 * cited ones only.
 * @throws 404 (not a member, a brief the caller may not see, "That section…"), 403 (USER, GUEST:
 *   editBriefs), 409 CONFLICT for a confidential brief (never sent to a provider), 402 PLAN_LIMIT.
 */
export async function draftBriefSection(
  deps: { db: Database; ai: AiService },
  personId: string,
  workspaceId: string,
  briefId: string,
  body: DraftBriefSectionBody,
  options: GenerationOptions,
): Promise<BriefSectionDraft> {
  const member = await loadMembership(deps.db, workspaceId, personId);
  assertAllowed(member, 'editBriefs');
  const viewer = viewerOf(member);
  const brief = await getBrief(deps.db, viewer, briefId);
  if (!brief) throw notFound('That brief');
  const section = brief.sections.find((candidate) => candidate.id === body.sectionId);
  if (!section) throw notFound('That section');
  if (brief.confidential) {
    throw new AppError('CONFLICT', 'This brief is confidential: Tandem does not send it to an AI assistant.');
  }
  const sources = await findBriefSources(deps.db, viewer, brief);
  const byId = new Map(sources.map((source) => [source.id, source]));
  const { output, provider } = await deps.ai.generate(
    {
      kind: 'BRIEF_DRAFT',
      workspaceId,
      memberId: member.id,
      run: (ai, runOptions) =>
        ai.draftBriefSection(
          {
            briefTitle: brief.title,
            heading: section.heading,
            guidance: section.guidance,
            instructions: body.instructions,
            sources: sources.map(({ id, type, label, text }) => ({ id, type, label, text })),
            maxSentences: DRAFT_SENTENCES_MAX,
          },
          runOptions,
        ),
      // A draft whose every sentence cites what it was not given is not a draft: fall back.
      check: (proposal) =>
        proposal.sentences.length > 0 && checkedSentences(proposal, byId).length === 0
          ? 'every sentence cited a source it was not given.'
          : null,
    },
    options,
  );
  const sentences = checkedSentences(output, byId).slice(0, DRAFT_SENTENCES_MAX);
  const cited = [...new Set(sentences.flatMap((sentence) => sentence.sourceIds))];
  const markdown = sentences
    .map((sentence) => `- ${sentence.text} (${sentence.sourceIds.map((id) => byId.get(id)!.label).join('; ')})`)
    .join('\n');
  return { sectionId: section.id, sentences, sources: cited.map((id) => byId.get(id)!.source), markdown, provider };
}
