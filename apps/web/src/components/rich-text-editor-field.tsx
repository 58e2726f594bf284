import StarterKit from '@tiptap/starter-kit';
import {
  LinkBubbleMenu,
  LinkBubbleMenuHandler,
  MenuButton,
  MenuButtonBold,
  MenuButtonBulletedList,
  MenuButtonEditLink,
  MenuButtonItalic,
  MenuButtonOrderedList,
  MenuButtonStrikethrough,
  MenuButtonUnderline,
  MenuControlsContainer,
  MenuDivider,
  RichTextEditor as TiptapEditor,
  type RichTextEditorRef,
  useRichTextEditorContext,
} from 'mui-tiptap';
import { useEffect, useReducer, useRef, useState } from 'react';
import { RICH_TEXT_BLOCKS } from './rich-text.tsx';

/**
 * What the editor can produce, and so all the server's sanitiser keeps (apps/api/src/lib/sanitize.ts):
 * paragraphs, Shift+Enter line breaks, two heading levels (the page title is the h1), bulleted and numbered
 * lists, bold, italic, underline, strikethrough and absolute http(s) links that open in a new tab.
 */
export const HEADING_LEVELS = [2, 3] as const;
const LINK_TARGET = { target: '_blank', rel: 'noopener noreferrer nofollow' };
const isWebAddress = (url: string) => /^https?:\/\/[^\\/\s]/i.test(url.trim());

/** A fresh set for each editor: ProseMirror plugins must not be shared between two editors' states. */
const createExtensions = () => [
  StarterKit.configure({
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    // An empty paragraph after every list or heading would be stored as one.
    trailingNode: false,
    heading: { levels: [...HEADING_LEVELS] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      HTMLAttributes: LINK_TARGET,
      isAllowedUri: isWebAddress,
      shouldAutoLink: isWebAddress,
    },
  }),
  LinkBubbleMenuHandler,
];

/** What a user types in the link form: an address without a scheme becomes https; nothing else is a link. */
const formatHref = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' || /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^[/\\]+/, '')}`;
};

/** The link form and preview; never for an editor already destroyed (a replaced one has no storage, and the menu throws). */
function LinkMenu() {
  const editor = useRichTextEditorContext();
  return editor && !editor.isDestroyed && 'linkBubbleMenuHandler' in editor.storage ? (
    <LinkBubbleMenu formatHref={formatHref} sx={{ maxWidth: 'calc(100vw - 16px)' }} />
  ) : null;
}

function HeadingButton({ level, label }: { level: (typeof HEADING_LEVELS)[number]; label: string }) {
  const editor = useRichTextEditorContext();
  return (
    <MenuButton
      tooltipLabel={label}
      tooltipShortcutKeys={['mod', 'alt', String(level)]}
      selected={editor?.isActive('heading', { level }) ?? false}
      disabled={!editor?.isEditable || !editor.can().toggleHeading({ level })}
      onClick={() => editor?.chain().focus().toggleHeading({ level }).run()}
      sx={{ '& .MuiToggleButton-root': { fontWeight: 700, minWidth: 30, fontSize: '0.8125rem' } }}
    >
      {`H${level}`}
    </MenuButton>
  );
}

export interface RichTextEditorFieldProps {
  value: string;
  onChange: (html: string) => void;
  labelId: string;
  toolbarLabel: string;
  helpId?: string;
  error: boolean;
  disabled: boolean;
}

/** The Tiptap editor behind RichTextEditor, in a chunk of its own so that only editing screens load it. */
/** How many of its reports the editor remembers until the value catches up with it. */
const MAX_REPORTED = 100;

export default function RichTextEditorField({ value, onChange, labelId, toolbarLabel, helpId, error, disabled }: RichTextEditorFieldProps) {
  const ref = useRef<RichTextEditorRef>(null);
  const [extensions] = useState(createExtensions);
  // The HTML this editor reported since the value last caught up with it, the latest last. A value coming back that is
  // one of them is the user's own typing: the latest, or an older one of a render that lagged behind the keystrokes
  // (a busy phone), which reloaded the content and lost what was typed since.
  const reported = useRef([value]);

  // Outside changes (a reset, the saved copy arriving) replace the content, without reporting a change.
  useEffect(() => {
    const editor = ref.current?.editor;
    if (!editor || editor.isDestroyed) return;
    const recent = reported.current;
    if (value === recent.at(-1)) {
      reported.current = [value];
      return;
    }
    if (recent.includes(value)) return;
    reported.current = [value];
    editor.commands.setContent(value, { emitUpdate: false });
  }, [value]);

  // mui-tiptap makes the editor read-only in a microtask, which re-renders nothing: the toolbar follows here.
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const editor = ref.current?.editor;
    if (!editor || editor.isDestroyed) return;
    queueMicrotask(() => {
      if (editor.isDestroyed) return;
      if (editor.isEditable === disabled) editor.setEditable(!disabled, false);
      rerender();
    });
  }, [disabled]);

  return (
    <TiptapEditor
      ref={ref}
      extensions={extensions}
      content={value}
      editable={!disabled}
      onUpdate={({ editor, transaction }) => {
        // Making the editor read-only or editable reports an update too; only an edit is a change.
        if (!transaction.docChanged) return;
        const html = editor.isEmpty ? '' : editor.getHTML();
        // Bounded: a value lagging further behind than this many keystrokes is taken as an outside change.
        reported.current = [...reported.current.slice(-(MAX_REPORTED - 1)), html];
        onChange(html);
      }}
      editorProps={{
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(helpId ? { 'aria-describedby': helpId } : {}),
          ...(error ? { 'aria-invalid': 'true' } : {}),
          ...(disabled ? { 'aria-readonly': 'true' } : {}),
        },
      }}
      RichTextFieldProps={{
        variant: 'outlined',
        sx: error
          ? { '&&': { borderColor: 'error.main' }, '&& .MuiTiptap-FieldContainer-notchedOutline': { borderColor: 'error.main' } }
          : undefined,
        RichTextContentProps: {
          sx: {
            minHeight: 160,
            maxHeight: 480,
            overflowY: 'auto',
            overflowWrap: 'anywhere',
            // mui-tiptap's own content styles (.ProseMirror h2 at the theme's h2 size) give way to the page's.
            '&& .ProseMirror': { '& a': { color: 'primary.main' }, ...RICH_TEXT_BLOCKS },
          },
        },
      }}
      renderControls={() => (
        <MenuControlsContainer role="toolbar" aria-label={toolbarLabel}>
          <MenuButtonBold />
          <MenuButtonItalic />
          <MenuButtonUnderline />
          <MenuButtonStrikethrough />
          <MenuDivider />
          <HeadingButton level={2} label="H2 heading" />
          <HeadingButton level={3} label="H3 subheading" />
          <MenuDivider />
          <MenuButtonBulletedList />
          <MenuButtonOrderedList tooltipLabel="Numbered list" />
          <MenuDivider />
          <MenuButtonEditLink />
        </MenuControlsContainer>
      )}
    >
      {() => <LinkMenu />}
    </TiptapEditor>
  );
}
