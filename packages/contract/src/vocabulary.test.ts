import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as contract from './index.js';
import { BriefStatusSchema, SectionMarkSchema } from './briefs.js';
import { WorkspaceMemberTypeSchema } from './members.js';
import { ItemKindSchema, RecipientChannelSchema, RecipientStateSchema, RequestStatusSchema } from './questions.js';
import { TaskPrioritySchema, TaskStatusSchema } from './tasks.js';
import * as ai from './vocabulary/ai.js';
import * as briefs from './vocabulary/briefs.js';
import * as contacts from './vocabulary/contacts.js';
import * as members from './vocabulary/members.js';
import * as questions from './vocabulary/questions.js';
import * as tasks from './vocabulary/tasks.js';

const vocabularyDir = new URL('./vocabulary/', import.meta.url);

describe("the contract's vocabulary (issue #13: labels without schemas)", () => {
  it('permissions.ts (can, the task rules) imports nothing but vocabulary either', () => {
    const source = readFileSync(new URL('./permissions.ts', import.meta.url), 'utf8');
    const imported = [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1]);
    expect(imported.length).toBeGreaterThan(0);
    for (const specifier of imported) expect(specifier).toMatch(/^\.\/vocabulary\/[\w-]+\.js$/);
  });

  it('imports no zod and no module with schemas, only other vocabulary', () => {
    const files = readdirSync(vocabularyDir).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = readFileSync(new URL(file, vocabularyDir), 'utf8');
      const imported = [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1]);
      for (const specifier of imported) expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\/[\w-]+\.js$/);
    }
  });

  it("is what '@tandem/contract' exports under the same names", () => {
    for (const module of [ai, briefs, contacts, members, questions, tasks]) {
      for (const [name, value] of Object.entries(module)) expect(contract[name as keyof typeof contract], name).toBe(value);
    }
  });

  it("gives each schema exactly the vocabulary's values", () => {
    expect(TaskStatusSchema.options).toEqual([...tasks.taskStatuses]);
    expect(TaskPrioritySchema.options).toEqual([...tasks.taskPriorities]);
    expect(BriefStatusSchema.options).toEqual([...briefs.briefStatuses]);
    expect(WorkspaceMemberTypeSchema.options).toEqual([...members.workspaceMemberTypes]);
    expect(RequestStatusSchema.options).toEqual([...questions.requestStatuses]);
    expect(RecipientStateSchema.options).toEqual([...questions.recipientStates]);
    expect(ItemKindSchema.options).toEqual([...questions.itemKinds]);
    expect(RecipientChannelSchema.options).toEqual([...questions.recipientChannels]);
    expect(SectionMarkSchema.options).toEqual([...briefs.sectionMarks]);
    expect(Object.keys(questions.itemKindLabels)).toEqual([...questions.itemKinds]);
    expect(Object.keys(briefs.sectionMarkLabels)).toEqual([...briefs.sectionMarks]);
    expect(Object.keys(tasks.taskStatusLabels)).toEqual([...tasks.taskStatuses]);
    expect(Object.keys(members.workspaceMemberTypeLabels)).toEqual([...members.workspaceMemberTypes]);
  });
});
