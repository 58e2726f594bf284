import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { AdvisorMarkdown, isInternalPath } from './advisor-markdown.tsx';

describe('the advisor answer markdown', () => {
  it('follows only paths of this app', () => {
    expect(isInternalPath('/marketplace/offers/harbor-point')).toBe(true);
    for (const href of ['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example', 'offers/x', '/a b'])
      expect(isInternalPath(href)).toBe(false);
  });

  it('renders lists, tables, emphasis and code as elements, and HTML as text', async () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <AdvisorMarkdown
            markdown={[
              '# Offers',
              '1. **Harbor** first',
              '2. *Mesa* second',
              '',
              '| Offer | IRR |',
              '|---|---:|',
              '| [Harbor](/marketplace/offers/harbor) | 16.5% |',
              '',
              'Use `IRR` wisely. <script>alert(1)</script> [x](javascript:alert(1))',
            ].join('\n')}
          />
        ),
      },
    ]);
    expect(await screen.findByText('Offers')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Harbor', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('Mesa', { selector: 'em' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'IRR' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Harbor' })).toHaveAttribute('href', '/marketplace/offers/harbor');
    expect(screen.getByText('IRR', { selector: 'code' })).toBeInTheDocument();
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'x' })).not.toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });
});
