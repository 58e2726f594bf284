import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { Box, IconButton, List, ListItem, Stack, Tooltip } from '@mui/material';
import { useRef, useState, type ReactNode } from 'react';

interface SortableListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** Accessible name of the list and, with the position, of each item. */
  label: string;
  itemLabel: (item: T, index: number) => string;
  onMove: (from: number, to: number) => void;
  renderItem: (item: T, index: number) => ReactNode;
}

/**
 * A list reordered by native drag and drop (no library) or by the arrow buttons, which also serve
 * keyboards and phones. The caller renumbers (moveItem).
 */
export function SortableList<T>({ items, getKey, label, itemLabel, onMove, renderItem }: SortableListProps<T>) {
  const [dragging, setDragging] = useState<number | null>(null);
  /** The dragged index, readable at once by the next dragover (the state above only paints). */
  const source = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const end = () => {
    source.current = null;
    setDragging(null);
    setOver(null);
  };

  return (
    <List aria-label={label} disablePadding sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {items.map((item, index) => (
        <ListItem
          key={getKey(item)}
          aria-label={itemLabel(item, index)}
          onDragOver={(e) => {
            if (source.current === null) return;
            e.preventDefault();
            if (over !== index) setOver(index);
          }}
          onDrop={(e) => {
            e.preventDefault();
            const from = source.current;
            if (from !== null && from !== index) onMove(from, index);
            end();
          }}
          onDragEnd={end}
          disableGutters
          sx={{
            border: 1,
            borderRadius: 1,
            borderColor: over === index && dragging !== index ? 'primary.main' : 'divider',
            borderStyle: over === index && dragging !== index ? 'dashed' : 'solid',
            opacity: dragging === index ? 0.5 : 1,
            bgcolor: 'background.paper',
            p: 1,
          }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%', minWidth: 0 }}>
            <Stack sx={{ alignItems: 'center', flexShrink: 0 }}>
              <Tooltip title="Move up">
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Move ${itemLabel(item, index)} up`}
                    disabled={index === 0}
                    onClick={() => onMove(index, index - 1)}
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              {/* Only the handle drags (the whole item as its image), so text in the item's inputs stays selectable. */}
              {/* A pointer's handle (the buttons move items by keyboard), shown as an image with a name: a bare <div> may not carry aria-label (axe aria-prohibited-attr). */}
              <Box
                role="img"
                aria-label={`Drag ${itemLabel(item, index)}`}
                draggable
                onDragStart={(e) => {
                  source.current = index;
                  setDragging(index);
                  e.dataTransfer?.setData('text/plain', String(index));
                  if (e.dataTransfer) {
                    e.dataTransfer.effectAllowed = 'move';
                    const row = e.currentTarget.closest('li');
                    if (row) e.dataTransfer.setDragImage(row, 16, 16);
                  }
                }}
                onDragEnd={end}
                sx={{ display: 'flex', color: 'text.secondary', cursor: 'grab', py: 0.5 }}
              >
                <DragIndicator fontSize="small" />
              </Box>
              <Tooltip title="Move down">
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Move ${itemLabel(item, index)} down`}
                    disabled={index === items.length - 1}
                    onClick={() => onMove(index, index + 1)}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
            <Box sx={{ flex: 1, minWidth: 0 }}>{renderItem(item, index)}</Box>
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
