import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DOC } from '../lib/openapi.test-helpers.ts';
import { requestBodiesOf, responsesOf, schemaFields } from '../lib/openapi.ts';
import { SchemaTable } from './schema-table.tsx';

const operation = (path: string, method: string) => DOC.paths[path]![method]!;

describe('SchemaTable', () => {
  it('renders nested field tables with named types, required, description, enum values and limits', () => {
    const schema = responsesOf(DOC, operation('/tenant/{t}/offers', 'get'))[0]!.media!.schema;
    render(<SchemaTable fields={schemaFields(DOC, schema)} label="Response 200 fields" />);
    const outer = screen.getByRole('table', { name: 'Response 200 fields' });
    expect(within(outer).getAllByText('array of Offer')[0]).toBeInTheDocument();
    const data = screen.getByRole('table', { name: 'Fields of data' });
    const statusRow = within(data).getByText('status').closest('tr')!;
    expect(within(statusRow).getByText('required')).toBeInTheDocument();
    expect(within(statusRow).getByText('draft')).toBeInTheDocument();
    expect(within(data).getByText('What investors see')).toBeInTheDocument();
    expect(within(data).getByText('string (date-time) | null')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Fields of minimum' })).getByText('≥ 0')).toBeInTheDocument();
    expect(within(data).getByText('at most 5 items')).toBeInTheDocument();
    const related = within(data).getByText('related').closest('tr')!;
    expect(within(related).getByText(/same schema as an enclosing one/)).toBeInTheDocument();
  });

  it('marks the file parts of a multipart form', () => {
    const [form] = requestBodiesOf(DOC, operation('/document', 'post'));
    render(<SchemaTable fields={schemaFields(DOC, form!.media.schema)} label="Form" />);
    const fileRow = within(screen.getByRole('table', { name: 'Form' }))
      .getByText('file upload')
      .closest('tr')!;
    expect(within(fileRow).getByText('file upload')).toBeInTheDocument();
    expect(within(fileRow).getByText('A PDF or image, at most 10 MB (413 beyond)')).toBeInTheDocument();
  });

  it('says when there are no fields', () => {
    render(<SchemaTable fields={[]} label="Empty" />);
    expect(screen.getByText('No fields.')).toBeInTheDocument();
  });
});
