import { addDays } from 'date-fns';
import { v7 as uuidv7 } from 'uuid';
import {
  SUMMARY_ACTION_ITEMS_MAX,
  SUMMARY_KEY_POINTS_MAX,
  SUMMARY_LINK_DEFAULT_DAYS,
  answerText,
  can,
  type ActionItem,
  type AiProviderInfo,
  type GenerateSummaryBody,
  type ListSummariesQuery,
  type ListShareLinkViewsQuery,
  type MakeTaskBody,
  type PublicSummary,
  type PublishSummaryBody,
  type QuestionSpread,
  type RegeneratedSummary,
  type Summary,
  type SummaryAnswer,
  type SummaryIssue,
  type SummaryListItem,
  type SummaryPage,
  type SummaryScope,
  type UpdateSummaryBody,
} from '@tandem/contract';
import type { Database, Queryable } from '../../db/client.js';
import { AppError, invalidField, notFound, versionConflict } from '../../lib/errors.js';
import { assertAllowed, loadMembership, type MemberRow } from '../../permissions/membership.js';
import { createPublicLink, getPublicLink, openPublicLink, revokePublicLink } from '../../public/public-links.js';
import { findPublicLinkViews } from '../../public/public-links-views.js';
import type { AiService, GenerationOptions, SummaryProposal, SummarizeTask } from '../ai/index.js';
import { recordSummaryPublished } from '../activity/index.js';
import { recordAuditEvent } from '../audit/index.js';
import { createTaskInTransaction } from '../tasks/index.js';
import { fullNameOf, toPublicSummary } from './redaction.js';
import { computeSpread, type SpreadQuestion } from './spreads.js';
import { countSummaryWords, describeProposalProblem, findContentProblems, wordFiguresOf, type CheckSources } from './summary-checks.js';
import { announceSummary } from './summary-events.js';
import {
  countRecipients,
  deleteSummaryRow,
  findRequestTitles,
  countNewScopeAnswers,
  findScopeAnswers,
  findScopeContactIds,
  findScopeRequests,
  findSummaryRows,
  getRequestMember,
  getSummaryRow,
  getWorkspaceName,
  insertSummary,
  setSummaryLinkExpiry,
  updateSummaryRow,
  type SummaryRow,
} from './summaries-repository.js';

/** What the summaries services need: the database, the AI and the public address (links are `${publicUrl}/s/{id}`). */
export interface SummariesDeps {
  db: Database;
  ai: AiService;
  publicUrl: string;
}

/** Who acts, for permissions and the audit trail (PRODUCT §5: both identities under impersonation). */
export interface SummaryActor {
  personId: string;
  impersonatorId: string | null;
  ip: string;
}

const summaryNotFound = () => notFound('That summary');
const staleMessage = 'Someone else changed this summary meanwhile. Review the current version and make your change again.';
const confidentialMessage = (title: string) => `“${title}” is confidential: its answers are never sent to an AI assistant.`;
const unique = <T>(values: readonly T[]) => [...new Set(values)];

// ---------------------------------------------------------------------------------------------
// Scope

/** The answers, questions and recipients of a scope, as generation and freshness need them. */
interface GatheredScope {
  scope: SummaryScope;
  questions: SpreadQuestion[];
  answers: SummaryAnswer[];
  excludedConfidential: number;
  asked: Map<string, number>;
}

/** The scope as stored: ids once each, dates as sent. */
const normalScope = (scope: SummaryScope): SummaryScope => ({
  requestIds: unique(scope.requestIds),
  contactIds: unique(scope.contactIds),
  from: scope.from,
  to: scope.to,
});

/**
 * Reads a scope (issue #11): the chosen requests must be this workspace's (400
 * errorData.requestIds) and not confidential (409, naming it); the chosen people this workspace's
 * contacts (400 errorData.contactIds). Answers to confidential requests are left out and counted.
 * Questions are the items of every request with an answer in scope, in request then item order.
 */
async function gatherScope(db: Queryable, workspaceId: string, input: SummaryScope): Promise<GatheredScope> {
  const scope = normalScope(input);
  const chosen = await findScopeRequests(db, workspaceId, scope.requestIds);
  if (chosen.length !== scope.requestIds.length) throw invalidField('requestIds', 'Choose question requests of this workspace.');
  const confidential = scope.requestIds.map((id) => chosen.find((request) => request.id === id)!).find((request) => request.confidential);
  if (confidential) throw new AppError('CONFLICT', confidentialMessage(confidential.title));
  const knownContacts = await findScopeContactIds(db, workspaceId, scope.contactIds);
  if (knownContacts.size !== scope.contactIds.length) throw invalidField('contactIds', 'Choose people among this workspace’s contacts.');

  const rows = await findScopeAnswers(db, workspaceId, scope);
  const inScope = rows.filter((row) => !row.confidential);
  const requestIds = unique(inScope.map((row) => row.requestId));
  const requests = new Map((await findScopeRequests(db, workspaceId, requestIds)).map((request) => [request.id, request]));
  const questions: SpreadQuestion[] = requestIds.flatMap((requestId) => {
    const request = requests.get(requestId)!;
    return request.items.map((item) => ({
      requestId,
      requestTitle: request.title,
      itemId: item.id,
      prompt: item.prompt,
      kind: item.kind,
      options: item.options,
    }));
  });
  const items = new Map(questions.map((question) => [question.itemId, question]));
  const answers: SummaryAnswer[] = inScope.flatMap((row) => {
    const item = items.get(row.itemId);
    if (!item) return [];
    return [
      {
        id: row.id,
        requestId: row.requestId,
        itemId: row.itemId,
        recipientId: row.recipientId,
        contact: { id: row.contactId, firstName: row.firstName, lastName: row.lastName, isFormer: row.isFormer },
        value: row.value,
        text: answerText(item, row.value),
        submittedAt: row.submittedAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        late: row.late,
      },
    ];
  });
  return {
    scope,
    questions,
    answers,
    excludedConfidential: rows.length - inScope.length,
    asked: await countRecipients(db, workspaceId, requestIds, scope.contactIds),
  };
}

const sourcesOf = (answers: readonly SummaryAnswer[], items: readonly { requestId: string; itemId: string }[]): CheckSources => ({
  answers: answers.map((answer) => ({ id: answer.id, itemId: answer.itemId, contactId: answer.contact.id, text: answer.text })),
  items: items.map((item) => ({ requestId: item.requestId, itemId: item.itemId })),
});

/** The provider's task (ai-provider SummarizeTask) of a gathered scope. */
function summarizeTaskOf(title: string, gathered: GatheredScope): SummarizeTask {
  return {
    title,
    questions: gathered.questions.map((question) => ({ ...question, options: [...question.options] })),
    answers: gathered.answers.map((answer) => ({
      id: answer.id,
      requestId: answer.requestId,
      itemId: answer.itemId,
      contactId: answer.contact.id,
      name: fullNameOf(answer.contact),
      text: answer.text,
    })),
    maxKeyPoints: SUMMARY_KEY_POINTS_MAX,
    maxWords: wordFiguresOf(gathered.answers).budget,
  };
}

/**
 * Runs one SUMMARY generation of `gathered` (counts against the plan: 402 PLAN_LIMIT passes
 * through) and turns the checked proposal into stored content: new ids, spreads computed here.
 */
async function generateContent(
  deps: SummariesDeps,
  member: MemberRow,
  title: string,
  gathered: GatheredScope,
  options: GenerationOptions,
): Promise<{ content: Pick<SummaryRow, 'keyPoints' | 'perQuestion' | 'quotes' | 'actionItems'>; provider: AiProviderInfo }> {
  if (gathered.answers.length === 0) {
    throw invalidField('scope', 'No answers match this scope. Choose other requests, people or dates.');
  }
  const task = summarizeTaskOf(title, gathered);
  const sources = sourcesOf(gathered.answers, gathered.questions);
  const { output, provider } = await deps.ai.generate<SummaryProposal>(
    {
      kind: 'SUMMARY',
      workspaceId: member.workspaceId,
      memberId: member.id,
      run: (ai, generation) => ai.summarizeAnswers(task, generation),
      check: (proposal) => describeProposalProblem(proposal, sources),
    },
    options,
  );
  return { provider, content: contentOf(gathered, output) };
}

/** A checked proposal as stored content: new ids, ids cited once, spreads computed here (never the provider's counts). */
function contentOf(
  gathered: GatheredScope,
  output: SummaryProposal,
): Pick<SummaryRow, 'keyPoints' | 'perQuestion' | 'quotes' | 'actionItems'> {
  const byItem = new Map(output.perQuestion.map((entry) => [entry.itemId, entry]));
  const perQuestion: QuestionSpread[] = gathered.questions.map((question) => {
    const proposed = byItem.get(question.itemId);
    const answers = gathered.answers.filter((answer) => answer.itemId === question.itemId);
    return {
      ...computeSpread(question, answers, gathered.asked.get(question.requestId) ?? 0, proposed?.dissentAnswerIds ?? []),
      synthesis: proposed?.synthesis.trim() ?? '',
    };
  });
  return {
    keyPoints: output.keyPoints.map((point) => ({ id: uuidv7(), text: point.text.trim(), answerIds: unique(point.answerIds) })),
    perQuestion,
    quotes: output.quotes.map((quote) => ({ id: uuidv7(), answerId: quote.answerId, text: quote.text })),
    actionItems: output.actionItems.map((item) => ({
      id: uuidv7(),
      text: item.text.trim(),
      answerIds: unique(item.answerIds),
      taskId: null,
    })),
  };
}

/**
 * Saves a DRAFT summary of `scope` from a proposal written without a generation (the demo seed's
 * hand-written summary): the same scope reading, checks and computed spreads as generating, no
 * plan usage. Provider: BUILT_IN.
 * @returns the new summary's id.
 * @throws 400 / 409 as {@link generateSummary}; an Error when the proposal fails summary-checks.
 */
export async function createSummaryFromProposal(
  db: Database,
  input: { personId: string; workspaceId: string; title: string; scope: SummaryScope; proposal: SummaryProposal },
): Promise<string> {
  const member = await loadMembership(db, input.workspaceId, input.personId);
  assertAllowed(member, 'editQuestions');
  const generatedAt = new Date();
  const gathered = await gatherScope(db, input.workspaceId, input.scope);
  const problem = describeProposalProblem(input.proposal, sourcesOf(gathered.answers, gathered.questions));
  if (problem) throw new Error(`the summary proposal fails its checks: ${problem}`);
  return db.transaction(async (tx) => {
    const row = await insertSummary(tx, {
      workspaceId: input.workspaceId,
      title: input.title,
      scope: gathered.scope,
      ...contentOf(gathered, input.proposal),
      redactions: [],
      answers: gathered.answers,
      excludedConfidential: gathered.excludedConfidential,
      provider: { kind: 'BUILT_IN', model: null, fellBack: false, fallbackReason: null },
      generatedAt,
      createdByMemberId: member.id,
      updatedByMemberId: member.id,
    });
    await announceSummary(tx, row, 'created', member.id);
    return row.id;
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Answers in scope now that are not in the snapshot or changed after it was taken. */
function countNewAnswers(db: Queryable, row: SummaryRow): Promise<number> {
  return countNewScopeAnswers(
    db,
    row.workspaceId,
    row.scope,
    row.answers.map((answer) => answer.id),
    row.generatedAt,
  );
}

/** The requests a summary rests on: the chosen ones, or those its answers came from. */
const requestIdsOf = (row: Pick<SummaryRow, 'scope' | 'answers'>) =>
  row.scope.requestIds.length > 0 ? row.scope.requestIds : unique(row.answers.map((answer) => answer.requestId));

/** What stops publishing: the content problems (uncited key points, words) and confidential requests. */
async function issuesOf(db: Queryable, row: SummaryRow): Promise<SummaryIssue[]> {
  const problems = findContentProblems(row, sourcesOf(row.answers, row.perQuestion), { requireCitations: true, enforceBudget: true });
  const issues = Object.entries(problems).map(([path, message]) => ({ path, message }));
  const requests = await findScopeRequests(db, row.workspaceId, requestIdsOf(row));
  for (const request of requests.filter((candidate) => candidate.confidential)) {
    issues.push({ path: 'scope', message: confidentialMessage(request.title) });
  }
  return issues;
}

const linkUrl = (deps: Pick<SummariesDeps, 'publicUrl'>, publicId: string) => `${deps.publicUrl}/s/${publicId}`;

/** A summary as the API answers it (contract Summary), with coverage, words, issues and freshness computed now. */
async function toSummary(db: Queryable, deps: Pick<SummariesDeps, 'publicUrl'>, row: SummaryRow): Promise<Summary> {
  const cited = new Set(row.keyPoints.flatMap((point) => point.answerIds));
  const uncoveredAnswerIds = row.answers.filter((answer) => !cited.has(answer.id)).map((answer) => answer.id);
  const link = row.publicLinkId ? await getPublicLink(db, row.workspaceId, 'SUMMARY', row.id, row.publicLinkId) : undefined;
  return {
    id: row.id,
    title: row.title,
    scope: row.scope,
    status: row.status,
    keyPoints: row.keyPoints,
    perQuestion: row.perQuestion,
    quotes: row.quotes,
    actionItems: row.actionItems,
    redactions: row.redactions,
    answers: row.answers,
    answersAtGeneration: row.answers.length,
    answersCovered: row.answers.length - uncoveredAnswerIds.length,
    coverage: { uncoveredAnswerIds },
    excludedConfidential: row.excludedConfidential,
    freshness: { newAnswers: await countNewAnswers(db, row) },
    words: { summary: countSummaryWords(row), ...wordFiguresOf(row.answers) },
    issues: await issuesOf(db, row),
    provider: row.provider,
    generatedAt: row.generatedAt.toISOString(),
    publication:
      link && row.publishedAt
        ? {
            publicId: link.id,
            url: linkUrl(deps, link.id),
            expiresAt: link.expiresAt?.toISOString() ?? null,
            revokedAt: link.revokedAt?.toISOString() ?? null,
            isActive: link.isActive && row.status === 'PUBLISHED',
            viewCount: link.viewCount,
            lastViewedAt: link.lastViewedAt?.toISOString() ?? null,
            publishedAt: row.publishedAt.toISOString(),
            hasUnpublishedChanges: row.version > (row.publishedVersion ?? 0),
          }
        : null,
    version: row.version,
    createdBy: await getRequestMember(db, row.createdByMemberId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's membership when they may see summaries; a GUEST is refused 403 (lists, creating). */
async function loadViewer(db: Queryable, personId: string, workspaceId: string): Promise<MemberRow> {
  const member = await loadMembership(db, workspaceId, personId);
  assertAllowed(member, 'viewQuestions');
  return member;
}

/**
 * The caller and one summary: 404 when it is not this workspace's or the caller may not see
 * summaries (a GUEST: never 403 for an object); with `edit`, 403 unless they may edit questions.
 * `version` given: 409 VERSION_CONFLICT (with `current`) unless it is the summary's version.
 */
async function loadSummary(
  tx: Queryable,
  deps: Pick<SummariesDeps, 'publicUrl'>,
  personId: string,
  workspaceId: string,
  summaryId: string,
  options: { edit: boolean; lock: boolean; version?: number },
): Promise<{ member: MemberRow; row: SummaryRow }> {
  const member = await loadMembership(tx, workspaceId, personId);
  if (!can(member.workspaceMemberType, 'viewQuestions')) throw summaryNotFound();
  const row = await getSummaryRow(tx, workspaceId, summaryId, options.lock);
  if (!row) throw summaryNotFound();
  if (options.edit) assertAllowed(member, 'editQuestions');
  if (options.version !== undefined && options.version !== row.version) {
    throw versionConflict(staleMessage, await toSummary(tx, deps, row));
  }
  return { member, row };
}

/**
 * GET …/summaries (issue #11; viewQuestions): newest change first, by status and title words.
 * @throws 403 for a GUEST; 400 errorData.cursor.
 */
export async function listSummaries(
  deps: SummariesDeps,
  personId: string,
  workspaceId: string,
  query: ListSummariesQuery,
): Promise<SummaryPage> {
  await loadViewer(deps.db, personId, workspaceId);
  const { rows, nextCursor } = await findSummaryRows(deps.db, workspaceId, query);
  const titles = await findRequestTitles(deps.db, workspaceId, unique(rows.flatMap(requestIdsOf)));
  const items: SummaryListItem[] = [];
  for (const row of rows) {
    const link = row.publicLinkId ? await getPublicLink(deps.db, workspaceId, 'SUMMARY', row.id, row.publicLinkId) : undefined;
    items.push({
      id: row.id,
      title: row.title,
      status: row.status,
      scope: row.scope,
      requestTitles: requestIdsOf(row).flatMap((id) => titles.get(id) ?? []),
      keyPointCount: row.keyPoints.length,
      answersAtGeneration: row.answers.length,
      newAnswers: await countNewAnswers(deps.db, row),
      generatedAt: row.generatedAt.toISOString(),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      isPublicLinkActive: Boolean(link?.isActive) && row.status === 'PUBLISHED',
      provider: row.provider.kind,
      createdBy: await getRequestMember(deps.db, row.createdByMemberId),
      updatedAt: row.updatedAt.toISOString(),
    });
  }
  return { items, nextCursor };
}

/** GET …/summaries/{summaryId} (viewQuestions). @throws 404 (another workspace's, a GUEST). */
export async function readSummary(deps: SummariesDeps, personId: string, workspaceId: string, summaryId: string): Promise<Summary> {
  const { row } = await loadSummary(deps.db, deps, personId, workspaceId, summaryId, { edit: false, lock: false });
  return toSummary(deps.db, deps, row);
}

// ---------------------------------------------------------------------------------------------
// Generating

/**
 * POST …/summaries/generate (issue #11; editQuestions): gathers the scope, runs one SUMMARY
 * generation whose output must pass summary-checks (else the AI service falls back / fails), and
 * saves a DRAFT at version 1 with a `summary` created event.
 * @throws 403 for a USER or GUEST; 400 errorData.requestIds / contactIds / scope; 409 for a chosen
 * confidential request; 402 PLAN_LIMIT.
 */
export async function generateSummary(
  deps: SummariesDeps,
  personId: string,
  workspaceId: string,
  body: GenerateSummaryBody,
  options: GenerationOptions,
): Promise<Summary> {
  const member = await loadMembership(deps.db, workspaceId, personId);
  assertAllowed(member, 'editQuestions');
  const generatedAt = new Date();
  const gathered = await gatherScope(deps.db, workspaceId, body.scope);
  const { content, provider } = await generateContent(deps, member, body.title, gathered, options);
  return deps.db.transaction(async (tx) => {
    const row = await insertSummary(tx, {
      workspaceId,
      title: body.title,
      scope: gathered.scope,
      ...content,
      redactions: [],
      answers: gathered.answers,
      excludedConfidential: gathered.excludedConfidential,
      provider,
      generatedAt,
      createdByMemberId: member.id,
      updatedByMemberId: member.id,
    });
    await announceSummary(tx, row, 'created', member.id);
    return toSummary(tx, deps, row);
  });
}

/**
 * POST …/summaries/{summaryId}/update (editQuestions): regenerates over the same scope with the
 * answers as they are now; redactions and action items that became tasks are kept; version + 1.
 * @returns the summary and the version before.
 * @throws 404; 403; 409 VERSION_CONFLICT (stale, also when it changed during the generation) or
 * CONFLICT (a request of the scope became confidential); 400 errorData.scope; 402 PLAN_LIMIT.
 */
export async function regenerateSummary(
  deps: SummariesDeps,
  personId: string,
  workspaceId: string,
  summaryId: string,
  version: number,
  options: GenerationOptions,
): Promise<RegeneratedSummary> {
  const { member, row } = await loadSummary(deps.db, deps, personId, workspaceId, summaryId, { edit: true, lock: false, version });
  const previous = await toSummary(deps.db, deps, row);
  const generatedAt = new Date();
  const gathered = await gatherScope(deps.db, workspaceId, row.scope);
  const { content, provider } = await generateContent(deps, member, row.title, gathered, options);
  return deps.db.transaction(async (tx) => {
    const { row: current } = await loadSummary(tx, deps, personId, workspaceId, summaryId, { edit: true, lock: true, version });
    const answerIds = new Set(gathered.answers.map((answer) => answer.id));
    const withTasks = current.actionItems
      .filter((item) => item.taskId !== null)
      .map((item) => ({ ...item, answerIds: item.answerIds.filter((id) => answerIds.has(id)) }));
    const updated = await updateSummaryRow(tx, current, {
      ...content,
      actionItems: [...withTasks, ...content.actionItems].slice(0, SUMMARY_ACTION_ITEMS_MAX),
      answers: gathered.answers,
      excludedConfidential: gathered.excludedConfidential,
      provider,
      generatedAt,
      updatedByMemberId: member.id,
    });
    await announceSummary(tx, updated, 'updated', member.id);
    return { summary: await toSummary(tx, deps, updated), previous };
  });
}

// ---------------------------------------------------------------------------------------------
// Editing

/** Keeps a sent id when it names an item of `current`, else a new one (an item without id is new). */
function idOf(id: string | undefined, current: readonly { id: string }[]): string {
  return id !== undefined && current.some((item) => item.id === id) ? id : uuidv7();
}

/**
 * PUT …/summaries/{summaryId} (editQuestions): the reviewed content at `version`, checked by
 * summary-checks (the same rules as generation). A DRAFT may be saved with an uncited key point or
 * over the word budget: both show as `issues` and block publishing. Counts are not editable;
 * action items keep their task by id; version + 1.
 * @throws 404; 403; 409 VERSION_CONFLICT with `current`; 400 errorData per path.
 */
export async function updateSummary(
  deps: SummariesDeps,
  personId: string,
  workspaceId: string,
  summaryId: string,
  body: UpdateSummaryBody,
): Promise<Summary> {
  return deps.db.transaction(async (tx) => {
    const { member, row } = await loadSummary(tx, deps, personId, workspaceId, summaryId, {
      edit: true,
      lock: true,
      version: body.version,
    });
    const problems = findContentProblems(body, sourcesOf(row.answers, row.perQuestion), { requireCitations: false, enforceBudget: false });
    const [first] = Object.values(problems);
    if (first) throw new AppError('VALIDATION_FAILED', first, problems);
    const syntheses = new Map(body.perQuestion.map((entry) => [entry.itemId, entry.synthesis]));
    const actionItems: ActionItem[] = body.actionItems.map((item) => {
      const id = idOf(item.id, row.actionItems);
      return {
        id,
        text: item.text,
        answerIds: unique(item.answerIds),
        taskId: row.actionItems.find((kept) => kept.id === id)?.taskId ?? null,
      };
    });
    const updated = await updateSummaryRow(tx, row, {
      title: body.title,
      keyPoints: body.keyPoints.map((point) => ({
        id: idOf(point.id, row.keyPoints),
        text: point.text,
        answerIds: unique(point.answerIds),
      })),
      perQuestion: row.perQuestion.map((spread) => ({ ...spread, synthesis: syntheses.get(spread.itemId) ?? spread.synthesis })),
      quotes: body.quotes.map((quote) => ({ id: idOf(quote.id, row.quotes), answerId: quote.answerId, text: quote.text })),
      actionItems,
      redactions: body.redactions.map((redaction) => ({ ...redaction, id: idOf(redaction.id, row.redactions) })),
      updatedByMemberId: member.id,
    });
    await announceSummary(tx, updated, 'updated', member.id);
    return toSummary(tx, deps, updated);
  });
}

// ---------------------------------------------------------------------------------------------
// Publishing

/** What the audit trail names: the summary and the link's first characters (never a working link). */
const auditTarget = (summaryId: string, linkId: string) => `summary:${summaryId}:${linkId.slice(0, 4)}…`;

/** When a new link expires: as sent (future, or null = never), else SUMMARY_LINK_DEFAULT_DAYS days from now. */
function expiryOf(expiresAt: string | null | undefined, now: Date): Date | null {
  if (expiresAt === null) return null;
  if (expiresAt === undefined) return addDays(now, SUMMARY_LINK_DEFAULT_DAYS);
  const at = new Date(expiresAt);
  if (at <= now) throw invalidField('expiresAt', 'Choose an expiry in the future.');
  return at;
}

/**
 * POST …/summaries/{summaryId}/publish (editQuestions): checks every issue (400 with errorData per
 * issue path), then takes the public copy (redactions applied) on the active link (an explicit
 * `expiresAt` moves its expiry) or a new one (subject SUMMARY, label = title), status PUBLISHED, SUMMARY_PUBLISHED activity, audit
 * SHARE_LINK_CREATED for a new link, `summary` published event — one transaction.
 * @throws 404; 403; 409 VERSION_CONFLICT; 409 CONFLICT for a confidential request or public links
 * off; 400 errorData.expiresAt for a past expiry.
 */
export async function publishSummary(
  deps: SummariesDeps,
  actor: SummaryActor,
  workspaceId: string,
  summaryId: string,
  body: PublishSummaryBody,
): Promise<Summary> {
  return deps.db.transaction(async (tx) => {
    const { member, row } = await loadSummary(tx, deps, actor.personId, workspaceId, summaryId, {
      edit: true,
      lock: true,
      version: body.version,
    });
    const issues = await issuesOf(tx, row);
    const confidential = issues.find((issue) => issue.path === 'scope');
    if (confidential) throw new AppError('CONFLICT', `${confidential.message} It cannot be published.`);
    if (issues.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Fix ${issues.length === 1 ? 'this issue' : `these ${issues.length} issues`} before publishing: ${issues[0]!.message}`,
        Object.fromEntries(issues.map((issue) => [issue.path, issue.message])),
      );
    }
    const now = new Date();
    const expiresAt = expiryOf(body.expiresAt, now);
    const existing = row.publicLinkId ? await getPublicLink(tx, workspaceId, 'SUMMARY', summaryId, row.publicLinkId) : undefined;
    let linkId = existing?.isActive ? existing.id : undefined;
    // Publishing again keeps the active link; an expiry sent explicitly moves it.
    if (linkId && body.expiresAt !== undefined) await setSummaryLinkExpiry(tx, workspaceId, linkId, expiresAt);
    if (!linkId) {
      const { publicId } = await createPublicLink(tx, {
        workspaceId,
        subjectType: 'SUMMARY',
        subjectId: summaryId,
        label: [...row.title].slice(0, 100).join(''),
        expiresAt,
        passcode: null,
        createdByMemberId: member.id,
      });
      linkId = publicId;
      await recordAuditEvent(tx, {
        action: 'SHARE_LINK_CREATED',
        actorPersonId: actor.personId,
        impersonatorPersonId: actor.impersonatorId,
        workspaceId,
        target: auditTarget(summaryId, publicId),
        ip: actor.ip,
      });
    }
    const published = toPublicSummary(row, await getWorkspaceName(tx, workspaceId), now);
    const updated = await updateSummaryRow(tx, row, {
      status: 'PUBLISHED',
      publicLinkId: linkId,
      published,
      publishedAt: now,
      publishedVersion: row.version + 1,
      updatedByMemberId: member.id,
    });
    await recordSummaryPublished(tx, { workspaceId, actorMemberId: member.id, summaryId, title: row.title });
    await announceSummary(tx, updated, 'published', member.id);
    return toSummary(tx, deps, updated);
  });
}

/** Revokes the summary's link if it has one, audited as SHARE_LINK_REVOKED when this call revoked it. */
async function revokeLinkOf(tx: Queryable, actor: SummaryActor, member: MemberRow, row: SummaryRow): Promise<void> {
  if (!row.publicLinkId) return;
  const result = await revokePublicLink(tx, {
    workspaceId: row.workspaceId,
    subjectType: 'SUMMARY',
    subjectId: row.id,
    linkId: row.publicLinkId,
    memberId: member.id,
  });
  if (!result?.revoked) return;
  await recordAuditEvent(tx, {
    action: 'SHARE_LINK_REVOKED',
    actorPersonId: actor.personId,
    impersonatorPersonId: actor.impersonatorId,
    workspaceId: row.workspaceId,
    target: auditTarget(row.id, row.publicLinkId),
    ip: actor.ip,
  });
}

/**
 * POST …/summaries/{summaryId}/unpublish (editQuestions): revokes the link (410 from then on),
 * status DRAFT, version + 1.
 * @throws 404; 403; 409 VERSION_CONFLICT; 409 CONFLICT when it is not published.
 */
export async function unpublishSummary(
  deps: SummariesDeps,
  actor: SummaryActor,
  workspaceId: string,
  summaryId: string,
  version: number,
): Promise<Summary> {
  return deps.db.transaction(async (tx) => {
    const { member, row } = await loadSummary(tx, deps, actor.personId, workspaceId, summaryId, { edit: true, lock: true, version });
    if (row.status !== 'PUBLISHED') throw new AppError('CONFLICT', 'This summary is not published.');
    await revokeLinkOf(tx, actor, member, row);
    const updated = await updateSummaryRow(tx, row, { status: 'DRAFT', updatedByMemberId: member.id });
    await announceSummary(tx, updated, 'unpublished', member.id);
    return toSummary(tx, deps, updated);
  });
}

/**
 * DELETE …/summaries/{summaryId}?version= (editQuestions): deletes it and revokes its link.
 * @throws 404; 403; 409 VERSION_CONFLICT.
 */
export async function deleteSummary(
  deps: SummariesDeps,
  actor: SummaryActor,
  workspaceId: string,
  summaryId: string,
  version: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { member, row } = await loadSummary(tx, deps, actor.personId, workspaceId, summaryId, { edit: true, lock: true, version });
    await revokeLinkOf(tx, actor, member, row);
    await deleteSummaryRow(tx, workspaceId, summaryId);
    await announceSummary(tx, row, 'deleted', member.id);
  });
}

/**
 * GET …/summaries/{summaryId}/views (editQuestions): the public link's access log, newest first;
 * empty before the first publishing.
 * @throws 404; 403; 400 errorData.cursor.
 */
export async function listSummaryViews(
  deps: SummariesDeps,
  personId: string,
  workspaceId: string,
  summaryId: string,
  query: ListShareLinkViewsQuery,
) {
  const { row } = await loadSummary(deps.db, deps, personId, workspaceId, summaryId, { edit: true, lock: false });
  if (!row.publicLinkId) return { items: [], nextCursor: null };
  return findPublicLinkViews(deps.db, workspaceId, row.publicLinkId, query);
}

// ---------------------------------------------------------------------------------------------
// Make task

/** A task title is at most 200 characters (contract tasks.ts). */
const TASK_TITLE_MAX = 200;
const TASK_NOTES_MAX = 10_000;

/**
 * POST …/action-items/{actionItemId}/task (editQuestions and the task rules): makes the action item
 * a task (title = its text, notes = the cited answers as "Name: text" lines, links {summaryId,
 * requestId, answerId} of the first cited answer), sets its taskId, version + 1 — one transaction.
 * @throws 404 (summary or action item); 403; 409 VERSION_CONFLICT; 409 CONFLICT when it already
 * has a task; 400 errorData.assigneeMemberId.
 */
export async function makeTask(
  deps: SummariesDeps,
  personId: string,
  workspaceId: string,
  summaryId: string,
  actionItemId: string,
  body: MakeTaskBody,
): Promise<Summary> {
  return deps.db.transaction(async (tx) => {
    const { member, row } = await loadSummary(tx, deps, personId, workspaceId, summaryId, {
      edit: true,
      lock: true,
      version: body.version,
    });
    const item = row.actionItems.find((candidate) => candidate.id === actionItemId);
    if (!item) throw notFound('That action item');
    if (item.taskId !== null) throw new AppError('CONFLICT', 'This action item is already a task.');
    const answers = new Map(row.answers.map((answer) => [answer.id, answer]));
    const cited = item.answerIds.flatMap((id) => answers.get(id) ?? []);
    const first = cited[0];
    const task = await createTaskInTransaction(tx, member, {
      title: [...item.text].slice(0, TASK_TITLE_MAX).join('').trim(),
      notes: [...cited.map((answer) => `${fullNameOf(answer.contact)}: ${answer.text}`).join('\n')].slice(0, TASK_NOTES_MAX).join(''),
      dueDate: body.dueDate,
      assigneeMemberId: body.assigneeMemberId,
      links: first ? { summaryId, requestId: first.requestId, answerId: first.id } : { summaryId },
    });
    const updated = await updateSummaryRow(tx, row, {
      actionItems: row.actionItems.map((candidate) => (candidate.id === actionItemId ? { ...candidate, taskId: task.id } : candidate)),
      updatedByMemberId: member.id,
    });
    await announceSummary(tx, updated, 'updated', member.id);
    return toSummary(tx, deps, updated);
  });
}

// ---------------------------------------------------------------------------------------------
// Public

/**
 * GET v1/public/summaries/{id} (/s/{id}; issue #11) under openPublicLink's rules: 400 malformed,
 * 404 unknown, 410 revoked / expired / links off / unpublished / deleted / a request made
 * confidential since, 429 after too many misses (the public scope's limiter). The copy taken at
 * publishing, with the workspace's current name. Each answer counts a view.
 */
export function readPublicSummary(
  db: Database,
  input: { publicId: string; ip: string; userAgent: string | undefined },
): Promise<PublicSummary> {
  return openPublicLink(db, {
    subjectType: 'SUMMARY',
    ...input,
    passcode: undefined,
    load: async ({ workspaceId, subjectId }) => {
      const row = await getSummaryRow(db, workspaceId, subjectId);
      if (!row || row.status !== 'PUBLISHED' || !row.published) return undefined;
      const requests = await findScopeRequests(db, workspaceId, requestIdsOf(row));
      if (requests.some((request) => request.confidential)) return undefined;
      return { ...row.published, workspaceName: await getWorkspaceName(db, workspaceId) };
    },
  });
}
