import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { Box, Button, ButtonBase, Chip, IconButton, Menu, MenuItem, Paper, Stack, Switch, Tooltip, Typography } from '@mui/material';
import {
  blankContactItem,
  CONTACT_CREATE_KINDS,
  contactItemText,
  contactItemType,
  contactKind,
  contactKindLabels,
  contactTypeLabels,
  withContactItem,
  withoutContactItem,
  withPrimary,
  type Contact,
  type ContactItem,
  type ContactKind,
} from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { useState } from 'react';
import { ContactItemDialog } from './contact-item-dialog.tsx';

interface ContactEditorProps {
  contact: Contact;
  /** Saves the whole contact; reject to show the error toast. */
  onSave: (contact: Contact) => Promise<void>;
  saving: boolean;
  /** The toasts, where the owner's catalogue differs from a profile's (an institution: 'contact updated'). */
  texts?: Partial<ContactEditorTexts>;
  /** The failure toast from the error (e.g. the server's message); the fixed failure text otherwise. */
  errorText?: (error: unknown, fallback: string) => string;
}

interface ContactEditorTexts {
  saved: string;
  saveFailed: string;
  deleted: string;
  deleteFailed: string;
}

interface Editing {
  kind: ContactKind;
  item: ContactItem;
  isNew: boolean;
}

const TEXTS: ContactEditorTexts & { empty: string } = {
  saved: 'Contact saved',
  saveFailed: 'Error saving contact item',
  deleted: 'Contact item deleted',
  deleteFailed: 'Error deleting contact item',
  empty: 'No contact items found',
};

/** §3–§5 contact of a profile (individual or legal entity): lists per kind, Create menu, primary, enable, edit and delete. */
export function ContactEditor({ contact, onSave, saving, texts: textsOf, errorText }: ContactEditorProps) {
  const { enqueueSnackbar } = useSnackbar();
  const texts = { ...TEXTS, ...textsOf };
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);

  const save = async (next: Contact, toast: { ok: string; failed: string }): Promise<boolean> => {
    try {
      await onSave(next);
      enqueueSnackbar(toast.ok, { variant: 'success' });
      return true;
    } catch (error) {
      enqueueSnackbar(errorText ? errorText(error, toast.failed) : toast.failed, { variant: 'error' });
      return false;
    }
  };
  const saveTexts = { ok: texts.saved, failed: texts.saveFailed };

  // §4: Create adds a blank item with a generated id locally and selects it.
  const create = (kind: ContactKind) => {
    setMenuAnchor(null);
    setEditing({ kind, item: blankContactItem(kind), isNew: true });
  };

  const shown = editing?.isNew ? withContactItem(contact, editing.kind, editing.item) : contact;
  const isEmpty = contactKind.options.every((kind) => shown[kind].length === 0);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          Contact
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => create('links')} disabled={saving}>
            Add link
          </Button>
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={(e) => setMenuAnchor(e.currentTarget)}
            aria-haspopup="menu"
            aria-expanded={Boolean(menuAnchor)}
            disabled={saving}
          >
            Create
          </Button>
        </Stack>
        <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
          {CONTACT_CREATE_KINDS.map((kind) => (
            <MenuItem key={kind} onClick={() => create(kind)}>
              {contactKindLabels[kind].one}
            </MenuItem>
          ))}
        </Menu>
      </Stack>

      {isEmpty && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{TEXTS.empty}</Typography>
        </Paper>
      )}

      {contactKind.options
        .filter((kind) => shown[kind].length > 0)
        .map((kind) => (
          <Paper key={kind} variant="outlined" component="section" aria-label={contactKindLabels[kind].many}>
            <Typography variant="subtitle2" component="h3" sx={{ px: 2, pt: 1.5, pb: 0.5, color: 'text.secondary' }}>
              {contactKindLabels[kind].many}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {(shown[kind] as ContactItem[]).map((item) => {
                const text = contactItemText(kind, item) || `New ${contactKindLabels[kind].one.toLowerCase()}`;
                return (
                  <Stack
                    component="li"
                    key={item._id}
                    direction="row"
                    sx={{
                      alignItems: 'center',
                      gap: 0.5,
                      px: 1,
                      py: 0.5,
                      borderTop: 1,
                      borderColor: 'divider',
                      opacity: item.isEnabled ? 1 : 0.6,
                    }}
                  >
                    <ButtonBase
                      onClick={() => setEditing({ kind, item, isNew: false })}
                      sx={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', textAlign: 'left', borderRadius: 1, px: 1, py: 0.5 }}
                    >
                      {/* "Edit" begins the name, then the text it shows (axe label-content-name-mismatch). */}
                      <Box component="span" sx={visuallyHidden}>
                        Edit{' '}
                      </Box>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography noWrap>{text}</Typography>
                        <Stack direction="row" sx={{ gap: 0.75, alignItems: 'center' }}>
                          <Typography variant="body2" color={item.isPrimary ? 'primary' : 'text.secondary'}>
                            {item.isPrimary ? 'Primary' : 'Secondary'}
                          </Typography>
                          <Chip size="small" variant="outlined" label={contactTypeLabels[contactItemType(kind, item)]} />
                        </Stack>
                      </Box>
                    </ButtonBase>
                    <Tooltip title={item.isPrimary ? 'Primary' : 'Make primary'}>
                      <span>
                        <IconButton
                          aria-label={`Make ${text} primary`}
                          disabled={saving || item.isPrimary}
                          onClick={() => void save(withPrimary(contact, kind, item._id), saveTexts)}
                        >
                          {item.isPrimary ? <Star color="primary" /> : <StarBorder />}
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Switch
                      checked={item.isEnabled}
                      disabled={saving}
                      slotProps={{ input: { 'aria-label': `Enable ${text}` } }}
                      onChange={(e) => void save(withContactItem(contact, kind, { ...item, isEnabled: e.target.checked }), saveTexts)}
                    />
                    <IconButton
                      aria-label={`Delete ${text}`}
                      disabled={saving}
                      onClick={() =>
                        void save(withoutContactItem(contact, kind, item._id), { ok: texts.deleted, failed: texts.deleteFailed })
                      }
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Stack>
                );
              })}
            </Box>
          </Paper>
        ))}

      {editing && (
        <ContactItemDialog
          key={editing.item._id}
          kind={editing.kind}
          item={editing.item}
          isNew={editing.isNew}
          saving={saving}
          onClose={() => setEditing(null)}
          onSave={(item) => {
            // save reports its own failure and answers false: its promise never rejects.
            void save(withContactItem(contact, editing.kind, item), saveTexts).then((saved) => {
              if (saved) setEditing(null);
            });
          }}
        />
      )}
    </Stack>
  );
}
