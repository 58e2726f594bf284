import { Box, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Fragment } from 'react';
import type { SchemaField } from '../lib/openapi.ts';
import { Markdownish } from './markdownish.tsx';

/** A schema's fields as a table; a nested object's fields get their own table in a full-width row below its own. */
export function SchemaTable({ fields, label }: { fields: SchemaField[]; label: string }) {
  if (fields.length === 0) return <Typography sx={{ color: 'text.secondary' }}>No fields.</Typography>;
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Field</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Description</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((field) => (
            <Fragment key={field.name}>
              <TableRow sx={{ verticalAlign: 'top', '& > td': field.children.length > 0 ? { borderBottom: 0 } : {} }}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Box component="code" sx={{ fontWeight: 600 }}>
                    {field.name}
                  </Box>
                  {field.required && (
                    <Typography component="div" variant="caption" sx={{ color: 'error.main' }}>
                      required
                    </Typography>
                  )}
                  {field.file && (
                    <Typography component="div" variant="caption" sx={{ color: 'info.main' }}>
                      file upload
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: { xs: 80, sm: 110 } }}>
                  <Box component="code" sx={{ fontSize: '0.8rem', wordBreak: 'break-word' }}>
                    {field.type}
                  </Box>
                </TableCell>
                <TableCell sx={{ minWidth: { xs: 120, sm: 160 } }}>
                  <Stack spacing={0.5}>
                    {field.description && <Markdownish text={field.description} />}
                    {field.enumValues.length > 0 && (
                      <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }} aria-label={`Values of ${field.name}`}>
                        {field.enumValues.map((v) => (
                          <Chip key={v} label={v} title={v} size="small" sx={{ fontFamily: 'monospace', maxWidth: '100%' }} />
                        ))}
                      </Stack>
                    )}
                    {field.limits.length > 0 && (
                      <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                        {field.limits.join(' · ')}
                      </Typography>
                    )}
                    {field.recursive && (
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        The same schema as an enclosing one: its fields are listed above.
                      </Typography>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
              {field.children.length > 0 && (
                <TableRow>
                  {/* Nested fields get the row's whole width, indented: inside the description cell they were squeezed. */}
                  <TableCell colSpan={3} sx={{ pt: 0, pl: { xs: 1, sm: 4 }, pr: { xs: 0, sm: 2 } }}>
                    <SchemaTable fields={field.children} label={`Fields of ${field.name}`} />
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
