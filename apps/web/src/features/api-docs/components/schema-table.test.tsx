import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DOC } from '../lib/openapi.test-helpers.ts';
import { schemaFields } from '../lib/openapi.ts';
import { SchemaTable } from './schema-table.tsx';

describe('SchemaTable', () => {
  it('renders nested field tables with type, required, description, enum values and limits', () => {
    const schema = DOC.paths['/tenant/{id}/api-key/pvt']!.post!.responses![200]!.content!['application/json']!.schema!;
    render(<SchemaTable fields={schemaFields(DOC, schema)} label="Response 200 fields" />);
    const outer = screen.getByRole('table', { name: 'Response 200 fields' });
    expect(within(outer).getByText('ApiKeyCreated')).toBeInTheDocument();
    const data = screen.getByRole('table', { name: 'Fields of data' });
    const kindRow = within(data).getByText('kind').closest('tr')!;
    expect(within(kindRow).getByText('required')).toBeInTheDocument();
    expect(within(kindRow).getByText('private')).toBeInTheDocument();
    expect(within(kindRow).getByText('public')).toBeInTheDocument();
    expect(within(data).getByText('The whole key; shown once, never stored')).toBeInTheDocument();
    expect(within(data).getByText('string | null')).toBeInTheDocument();
    const contact = screen.getByRole('table', { name: 'Fields of contact' });
    expect(within(contact).getByText('max length 20')).toBeInTheDocument();
    expect(within(data).getByText('at most 5 items')).toBeInTheDocument();
  });

  it('says when there are no fields', () => {
    render(<SchemaTable fields={[]} label="Empty" />);
    expect(screen.getByText('No fields.')).toBeInTheDocument();
  });
});
