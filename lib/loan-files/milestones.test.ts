import { describe, expect, it } from 'vitest';
import {
  drawNumber,
  isMilestone,
  MAX_DRAWS,
  milestoneDescription,
  milestoneLabel,
  milestoneRank,
  milestoneSequence,
  timeline,
  type Milestone,
} from './milestones';

describe('milestones', () => {
  it('orders the stages of a construction loan, the draws between closing and the conversion', () => {
    expect(milestoneSequence(2)).toEqual([
      'application-received',
      'pre-qualified',
      'builder-approved',
      'appraisal-ordered',
      'approved',
      'closing-scheduled',
      'closed',
      'draw-1',
      'draw-2',
      'conversion-to-permanent',
    ]);
    const ranks = milestoneSequence(MAX_DRAWS).map(milestoneRank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks).size).toBe(ranks.length);
    expect(milestoneSequence(0)).not.toContain('draw-1');
    expect(milestoneSequence(99)).toHaveLength(8 + MAX_DRAWS);
  });

  it('knows draw keys from 1 to MAX_DRAWS and nothing else', () => {
    expect(drawNumber('draw-1')).toBe(1);
    expect(drawNumber(`draw-${MAX_DRAWS}`)).toBe(MAX_DRAWS);
    for (const bad of ['draw-0', 'draw-01', `draw-${MAX_DRAWS + 1}`, 'draw-1.5', 'draw-', 'draw', 'Draw-1', 'draw-1 '])
      expect(isMilestone(bad), bad).toBe(false);
    expect(isMilestone('closed')).toBe(true);
    expect(isMilestone('funded')).toBe(false);
  });

  it('names each stage for the borrower', () => {
    expect(milestoneLabel('application-received')).toBe('Application received');
    expect(milestoneLabel('draw-3')).toBe('Draw 3 released');
    expect(milestoneLabel('conversion-to-permanent')).toBe('Converted to permanent loan');
  });

  it('shows the borrower what is done, where they are and what comes next, with the times reached', () => {
    const history = [
      { milestone: 'application-received', at: '2026-11-01T10:00:00.000Z' },
      { milestone: 'pre-qualified', at: '2026-11-03T10:00:00.000Z' },
    ];
    const steps = timeline('pre-qualified', history);
    expect(steps.map((s) => [s.milestone, s.state])).toEqual([
      ['application-received', 'done'],
      ['pre-qualified', 'current'],
      ['builder-approved', 'upcoming'],
      ['appraisal-ordered', 'upcoming'],
      ['approved', 'upcoming'],
      ['closing-scheduled', 'upcoming'],
      ['closed', 'upcoming'],
      ['draw-1', 'upcoming'],
      ['conversion-to-permanent', 'upcoming'],
    ]);
    expect(steps[0]?.at).toBe('2026-11-01T10:00:00.000Z');
    expect(steps[1]?.at).toBe('2026-11-03T10:00:00.000Z');
    expect(steps[2]?.at).toBeNull();
  });

  it('counts skipped stages as done, and shows the draws released so far', () => {
    const steps = timeline('draw-3', [
      { milestone: 'application-received', at: 'a' },
      { milestone: 'draw-3', at: 'b' },
    ]);
    const state = (m: Milestone) => steps.find((s) => s.milestone === m)?.state;
    expect(state('approved')).toBe('done');
    expect(state('draw-2')).toBe('done');
    expect(state('draw-3')).toBe('current');
    expect(state('conversion-to-permanent')).toBe('upcoming');
    expect(steps.some((s) => s.milestone === 'draw-4')).toBe(false);
    expect(timeline('conversion-to-permanent', []).some((s) => s.milestone === 'draw-1')).toBe(false);
  });
});

describe('the owner’s milestone names', () => {
  const names = { 'pre-qualified': { label: 'Pre-approved', description: 'You are pre-approved.' } };

  it('names a renamed stage as the owner does, the others and the draws as the code does', () => {
    expect(milestoneLabel('pre-qualified', names)).toBe('Pre-approved');
    expect(milestoneDescription('pre-qualified', names)).toBe('You are pre-approved.');
    expect(milestoneLabel('approved', names)).toBe('Loan approved');
    expect(milestoneLabel('draw-2', { 'draw-2': { label: 'X', description: '' } })).toBe('Draw 2 released');
    expect(milestoneLabel('pre-qualified', JSON.parse('{"__proto__":{"label":"X"}}'))).toBe('Pre-qualified');
  });

  it('shows the timeline with the owner’s names', () => {
    const step = timeline('application-received', [], names).find((s) => s.milestone === 'pre-qualified');
    expect(step).toMatchObject({ label: 'Pre-approved', description: 'You are pre-approved.', state: 'upcoming' });
  });
});
