import type { BriefTemplate, TemplateSection } from '@tandem/contract';

/** When the built-in library was written: the createdAt/updatedAt every built-in answers with. */
const LIBRARY_DATE = '2026-01-01T00:00:00.000Z';

const builtIn = (id: string, name: string, description: string, sections: TemplateSection[]): BriefTemplate => ({
  id,
  name,
  description,
  sections,
  builtIn: true,
  createdBy: null,
  createdAt: LIBRARY_DATE,
  updatedAt: LIBRARY_DATE,
});

/**
 * The built-in template library (issue #9: meeting brief, 1:1 prep, board prep, travel brief,
 * daily brief), in the order lists show them. The same for every workspace, read-only (duplicate
 * one to change it). Ids are fixed forever: briefs keep the id of the template they started from,
 * and browser tests pick "Board prep" by name. Guidance is what the assistant sees as placeholder
 * text while a section is empty.
 */
export const builtInTemplates: readonly BriefTemplate[] = [
  builtIn('0193f0a0-0000-7000-8000-000000000001', 'Meeting brief', 'Everything the executive needs to walk into one meeting prepared.', [
    {
      heading: 'Purpose & desired outcome',
      guidance:
        'Why this meeting exists and what "done" looks like in one or two sentences. Name the decision, agreement or next step the executive should leave with.',
    },
    {
      heading: 'Attendees',
      guidance:
        'Who will be in the room, their role and organisation, and how the executive knows them. Flag anyone new, anyone senior, and anyone with a stake in the outcome.',
    },
    {
      heading: 'Background',
      guidance:
        'The short history: previous meetings, what was promised, open threads. Link the last notes or email rather than pasting them whole.',
    },
    {
      heading: 'Talking points',
      guidance:
        'Three to five points the executive should make or questions to ask, in priority order. Put the one that matters most first.',
    },
    {
      heading: 'Risks & sensitivities',
      guidance: 'Topics to avoid or handle carefully, known disagreements, and anything the other side may raise unexpectedly.',
    },
    {
      heading: 'Logistics',
      guidance: 'Where and how: address or video link, dial-in, parking, who hosts, and how long the executive really has.',
    },
  ]),
  builtIn('0193f0a0-0000-7000-8000-000000000002', '1:1 prep', 'A one-on-one with a direct report, peer or partner.', [
    {
      heading: 'Since last time',
      guidance: 'What happened since the last 1:1: commitments made on both sides and whether they were kept.',
    },
    {
      heading: 'Their agenda',
      guidance: 'What the other person asked to discuss, in their words. Ask them for it a day ahead if it is not in yet.',
    },
    {
      heading: 'Topics to raise',
      guidance: 'What the executive wants to cover: feedback to give, questions to ask, decisions to delegate.',
    },
    {
      heading: 'Context & mood',
      guidance: 'Anything that helps read the room: workload, recent wins or setbacks, personal news they shared, upcoming leave.',
    },
    {
      heading: 'Follow-ups to capture',
      guidance: 'Leave space for what gets agreed, so it can become tasks straight after the meeting.',
    },
  ]),
  builtIn('0193f0a0-0000-7000-8000-000000000003', 'Board prep', 'Prepare the executive for a board or committee meeting.', [
    {
      heading: 'Purpose & decisions needed',
      guidance:
        'The decisions the board is asked to take at this meeting, each in one line, with the recommendation. Separate what is for decision from what is for information.',
    },
    {
      heading: 'Attendees & their positions',
      guidance:
        'Each director and observer with their known position on the main items, who they are likely to side with, and any concern they raised beforehand.',
    },
    {
      heading: 'Financial snapshot',
      guidance:
        'The handful of numbers the board will look at first: revenue, burn, cash runway, variance to plan. Quote the source and the date.',
    },
    {
      heading: 'Key risks',
      guidance:
        'The risks most likely to come up, how each is being handled, and the honest answer if someone asks "what keeps you up at night".',
    },
    {
      heading: 'Asks of the board',
      guidance: 'Introductions, approvals or help the executive wants from directors, and who is best placed to give each.',
    },
    {
      heading: 'Pre-reads',
      guidance:
        'The board pack and any papers directors were sent, with the pages that matter most. Note anything that changed after the pack went out.',
    },
  ]),
  builtIn('0193f0a0-0000-7000-8000-000000000004', 'Travel brief', 'A trip at a glance: where to be, when, and with whom.', [
    {
      heading: 'Itinerary',
      guidance: 'Flights, trains and transfers in order, with times in local time, confirmation numbers and seat details.',
    },
    {
      heading: 'Accommodation',
      guidance: 'Hotel name, address, phone, check-in and check-out times, and the booking reference.',
    },
    {
      heading: 'Meetings & people',
      guidance: 'Each meeting on the trip with time, place and who attends. Link the meeting briefs where they exist.',
    },
    {
      heading: 'Local essentials',
      guidance: 'Time difference, weather, currency, plugs, visa or entry rules, and the local emergency number.',
    },
    {
      heading: 'Contingencies',
      guidance: 'Who to call if something goes wrong: travel agent, driver, local contact, and the backup option for the critical legs.',
    },
  ]),
  builtIn('0193f0a0-0000-7000-8000-000000000005', 'Daily brief', "The executive's day on one page, read before it starts.", [
    {
      heading: "Today's schedule",
      guidance: 'Every commitment of the day with start time and place. Mark the ones that cannot move and any gaps that are free.',
    },
    {
      heading: 'Priorities',
      guidance: 'The three things that must happen today, whatever else slips.',
    },
    {
      heading: 'Decisions waiting',
      guidance: 'Approvals, signatures and answers the executive owes someone, each with who is waiting and since when.',
    },
    {
      heading: 'Heads-up',
      guidance:
        'News, changes or messages the executive should know before the first meeting: a moved call, a press mention, a team issue.',
    },
  ]),
];

const builtInById = new Map(builtInTemplates.map((template) => [template.id, template]));

/** The built-in template with this id, or undefined. */
export function getBuiltInTemplate(templateId: string): BriefTemplate | undefined {
  return builtInById.get(templateId);
}
