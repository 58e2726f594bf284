import Close from '@mui/icons-material/Close';
import { Box, Dialog, IconButton } from '@mui/material';

/** One gallery image enlarged; its own chunk, loaded on the first click (the page's first load carries no dialog). */
export function ImageDialog({ src, alt, onClose }: { src: string | null; alt: string; onClose: () => void }) {
  return (
    <Dialog open={src !== null} onClose={onClose} maxWidth="lg" aria-label={alt}>
      {src && (
        <Box sx={{ position: 'relative', bgcolor: 'background.paper' }}>
          <IconButton
            aria-label="Close"
            onClick={onClose}
            sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.default' } }}
          >
            <Close />
          </IconButton>
          <Box component="img" src={src} alt={alt} sx={{ display: 'block', maxWidth: '100%', maxHeight: '85vh', objectFit: 'contain' }} />
        </Box>
      )}
    </Dialog>
  );
}
