import { i18n } from '@client/i18n/i18n';
import { ApiError } from '@client/lib/api';
import { I18nProvider } from '@lingui/react';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryState, type QueryStateSource } from './query-state';

/** QueryState over a list of words: empty says so, content joins them. */
function Words({ query, errorTitle }: { query: QueryStateSource<string[]>; errorTitle?: ReactNode }) {
  const content = (list: string[]) => list.join(',');
  return QueryState({
    query,
    errorTitle,
    isEmpty: (list) => list.length === 0,
    empty: 'Nothing yet',
    children: content,
  });
}

function render(query: QueryStateSource<string[]>, extra: { errorTitle?: ReactNode } = {}): string {
  return renderToStaticMarkup(
    createElement(I18nProvider, { i18n }, createElement(Words, { query, errorTitle: extra.errorTitle })),
  );
}

describe('QueryState', () => {
  it('announces loading in a status region', () => {
    const html = render({ data: undefined, isLoading: true, error: null });
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-busy="true"');
  });

  it("tells a failure with the screen's sentence, the server's message and a retry", async () => {
    const error = await ApiError.read(
      409,
      JSON.stringify({ code: 'conflict', message: 'Already connected.' }),
    );
    const html = render(
      { data: undefined, isLoading: false, error, refetch: () => undefined },
      { errorTitle: 'The deals could not be loaded.' },
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('The deals could not be loaded.');
    expect(html).toContain('Already connected.');
    expect(html).toContain('<button');
  });

  it('shows the empty state, then the content', () => {
    expect(render({ data: [], isLoading: false, error: null })).toBe('Nothing yet');
    expect(render({ data: ['a', 'b'], isLoading: false, error: null })).toBe('a,b');
  });
});
