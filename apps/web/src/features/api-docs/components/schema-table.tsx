import { Box, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { SchemaField } from '../lib/openapi.ts';

/** A schema's fields as a table; nested objects get their own table inside the row. */
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
            <TableRow key={field.name} sx={{ verticalAlign: 'top' }}>
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
              <TableCell sx={{ minWidth: 110 }}>
                <Box component="code" sx={{ fontSize: '0.8rem', wordBreak: 'break-word' }}>
                  {field.type}
                </Box>
              </TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                <Stack spacing={0.5}>
                  {field.description && <Typography variant="body2">{field.description}</Typography>}
                  {field.enumValues.length > 0 && (
                    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }} aria-label={`Values of ${field.name}`}>
                      {field.enumValues.map((v) => (
                        <Chip key={v} label={v} size="small" sx={{ fontFamily: 'monospace' }} />
                      ))}
                    </Stack>
                  )}
                  {field.limits.length > 0 && (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {field.limits.join(' · ')}
                    </Typography>
                  )}
                  {field.recursive && (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      The same schema as an enclosing one: its fields are listed above.
                    </Typography>
                  )}
                  {field.children.length > 0 && <SchemaTable fields={field.children} label={`Fields of ${field.name}`} />}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
