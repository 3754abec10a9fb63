// Brief states with their labels (PRODUCT §2, issue #9): the contract's vocabulary without zod. A screen that only shows a label or checks a
// permission imports these and evaluates no schema (a chunk holds whole modules, so a label kept
// beside its schemas brought them all; bench/README, issue #13). briefs.ts builds its schemas on
// them and re-exports them, so '@tandem/contract' offers the same names.

/** Brief states (PRODUCT §2; issue #9: DRAFT → READY → ACKNOWLEDGED; a content edit → DRAFT). */
export const briefStatuses = ['DRAFT', 'READY', 'ACKNOWLEDGED'] as const;
export type BriefStatus = (typeof briefStatuses)[number];

export const briefStatusLabels: Record<BriefStatus, string> = {
  DRAFT: 'Draft',
  READY: 'Ready',
  ACKNOWLEDGED: 'Acknowledged',
};
