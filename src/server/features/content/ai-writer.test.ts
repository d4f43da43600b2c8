import { describe, expect, it } from 'vitest';
import { draftFromStreamedText } from './ai-writer.js';
import type { GenerationContext } from './offline-generator.js';

const context: GenerationContext = {
  topic: 'Roof repair',
  type: 'blog',
  website: { name: 'Top Roofs', domain: 'roofs.example', description: 'homeowners' },
  workspaceName: 'Roof Co',
  industries: ['construction'],
};

describe('a streamed answer as a stored draft', () => {
  it('reads the title line, the headings as the outline and the first paragraph as the description', () => {
    const text =
      '# Fixing a Roof Before Winter\r\n\r\nA leaking roof   costs more every week.\n\n\n\n## Signs\n\n- Stains\n- Drafts\n\n## Next steps\n\nCall us.';
    expect(draftFromStreamedText(text, context)).toEqual({
      title: 'Fixing a Roof Before Winter',
      outline: ['Signs', 'Next steps'],
      body: 'A leaking roof   costs more every week.\n\n## Signs\n\n- Stains\n- Drafts\n\n## Next steps\n\nCall us.',
      metaDescription: 'A leaking roof costs more every week.',
      keywords: ['roof repair', 'roof', 'repair', 'construction', 'top roofs'],
    });
  });

  it('titles an answer without a title line after the topic, and refuses one without a body', () => {
    expect(draftFromStreamedText('Just a paragraph.', context)).toMatchObject({
      title: 'Roof Repair',
      body: 'Just a paragraph.',
    });
    expect(() => draftFromStreamedText('# Only a title\n\n', context)).toThrow(
      expect.objectContaining({ messageId: 'ai.malformed' }),
    );
  });
});
