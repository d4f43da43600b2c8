import { describe, expect, it } from 'vitest';
import { enterArm, nextPath, type Step, stepAt } from './workflow-schemas.js';

const steps: Step[] = [
  { type: 'add_tag', tag: 'a' },
  {
    type: 'branch',
    condition: { field: 'status', op: 'is', value: 'lead' },
    yes: [
      { type: 'add_tag', tag: 'b' },
      { type: 'add_tag', tag: 'c' },
    ],
    no: [],
  },
  {
    type: 'ab_split',
    variants: [
      { weight: 1, steps: [{ type: 'add_tag', tag: 'x' }] },
      { weight: 1, steps: [{ type: 'add_tag', tag: 'y' }] },
    ],
  },
];

describe('step paths', () => {
  it('finds steps inside branches and splits', () => {
    expect(stepAt(steps, '1/yes/1')).toEqual({ type: 'add_tag', tag: 'c' });
    expect(stepAt(steps, '2/1/0')).toEqual({ type: 'add_tag', tag: 'y' });
    expect(stepAt(steps, '9')).toBeUndefined();
    expect(stepAt(steps, '')).toBeUndefined();
  });

  it('walks on to the step after a finished arm, and ends after the last', () => {
    expect(nextPath(steps, '0')).toBe('1');
    expect(nextPath(steps, '1/yes/0')).toBe('1/yes/1');
    expect(nextPath(steps, '1/yes/1')).toBe('2');
    expect(nextPath(steps, '2/0/0')).toBe('');
    expect(enterArm(steps, '1', 'no')).toBe('2');
    expect(enterArm(steps, '1', 'yes')).toBe('1/yes/0');
  });
});
