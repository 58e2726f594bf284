import { screen } from '@testing-library/react';
import { EMPTY_GICS, gicsChildren, gicsName, type Gics } from '@tessera/domain';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { GicsFields, withGicsLevel } from './gics-fields.tsx';

const FULL: Gics = { sector: '45', industryGroup: '4510', industry: '451030', subIndustry: '45103010' };

describe('withGicsLevel', () => {
  it('clears the levels below the one chosen', () => {
    expect(withGicsLevel(FULL, 'sector', '10')).toEqual({ sector: '10', industryGroup: null, industry: null, subIndustry: null });
    expect(withGicsLevel(FULL, 'industryGroup', '4520')).toEqual({
      sector: '45',
      industryGroup: '4520',
      industry: null,
      subIndustry: null,
    });
    expect(withGicsLevel(FULL, 'subIndustry', '45103020')).toEqual({ ...FULL, subIndustry: '45103020' });
  });
});

function Harness({ initial }: { initial: Gics }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <GicsFields value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

describe('GicsFields', () => {
  it('lists the children of the level above and resets the lower levels on change', async () => {
    const { user } = renderRoutes([{ path: '/', element: <Harness initial={FULL} /> }]);
    const industry = await screen.findByRole('combobox', { name: 'Industry' });
    expect(industry).toHaveTextContent(gicsName('451030'));

    await user.click(screen.getByRole('combobox', { name: 'Sector' }));
    expect(screen.getAllByRole('option')).toHaveLength(12); // None + 11 sectors
    await user.click(screen.getByRole('option', { name: gicsName('10') }));
    expect(JSON.parse(screen.getByTestId('value').textContent!)).toEqual({
      sector: '10',
      industryGroup: null,
      industry: null,
      subIndustry: null,
    });
    expect(screen.getByRole('combobox', { name: 'Industry' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('combobox', { name: 'Industry group' }));
    await user.click(screen.getByRole('option', { name: gicsName('1010') }));
    await user.click(screen.getByRole('combobox', { name: 'Industry' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['None', ...gicsChildren('1010').map((c) => c.name)]);
  });

  it('starts with only the sector enabled', async () => {
    renderRoutes([{ path: '/', element: <Harness initial={EMPTY_GICS} /> }]);
    expect(await screen.findByRole('combobox', { name: 'Sector' })).not.toHaveAttribute('aria-disabled');
    for (const name of ['Industry group', 'Industry', 'Sub-industry'])
      expect(screen.getByRole('combobox', { name })).toHaveAttribute('aria-disabled', 'true');
  });
});
