import { describe, expect, it } from 'vitest';
import { applyQuickAction, applySuggestion } from './apply-suggestion';

describe('applying a suggestion', () => {
  it('replaces a search with the completed name', () => {
    expect(applySuggestion('sar', 'contact-search', { type: 'completion' }, 'Sarah Mitchell')).toBe(
      'Sarah Mitchell',
    );
  });

  it('completes the word being typed in a note or letter', () => {
    expect(applySuggestion('Met with Sar', 'note-taking', { type: 'completion' }, 'Sarah Mitchell')).toBe(
      'Met with Sarah Mitchell',
    );
  });

  it('fills an empty input with a template and adds it below written text', () => {
    expect(applySuggestion('', 'email-composition', { type: 'template' }, 'Hi Sarah,')).toBe('Hi Sarah,');
    expect(applySuggestion('Draft  ', 'email-composition', { type: 'template' }, 'Hi Sarah,')).toBe(
      'Draft\nHi Sarah,',
    );
  });

  it('leaves the text alone for advice', () => {
    expect(
      applySuggestion('Called', 'note-taking', { type: 'improvement' }, 'Write down the next step'),
    ).toBe('Called');
    expect(applySuggestion('Called', 'note-taking', { type: 'next_action' }, 'Follow up with Sarah')).toBe(
      'Called',
    );
  });

  it('appends or replaces for a quick action', () => {
    expect(applyQuickAction('Thanks', { action: 'append' }, 'Best regards,')).toBe('Thanks\nBest regards,');
    expect(applyQuickAction('sarah', { action: 'replace' }, '@brightpath.example')).toBe(
      '@brightpath.example',
    );
  });
});
