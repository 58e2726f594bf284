import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './rich-text-editor.tsx';

/** Stored HTML as the server's sanitiser leaves it: every block the editor offers. */
const STORED =
  '<h2>The plan</h2><p>Build 180 homes</p><h3>Phasing</h3><p>Phase one<br />Phase two</p><ul><li><p>Solar</p></li></ul>' +
  '<ol><li><p>Close</p></li></ol><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> ' +
  '<a href="https://example.com/plan" target="_blank" rel="noopener noreferrer nofollow">plan</a></p>';

function Harness({ initial, onChange, disabled }: { initial: string; onChange: (html: string) => void; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        label="Description"
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
        helperText="Shown on the offer page."
        disabled={disabled}
      />
      <button type="button" onClick={() => setValue('<p>Reset from the server</p>')}>
        Reset
      </button>
    </>
  );
}

// ProseMirror scrolls the caret into view after Enter; jsdom has no layout, so ranges measure as empty.
beforeAll(() => {
  const empty = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
  Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= empty;
});

// The editor is a lazily loaded chunk: the first render of a file waits for Tiptap's modules to load.
const textbox = () => screen.findByRole('textbox', { name: 'Description' }, { timeout: 15_000 });

describe('RichTextEditor', () => {
  it('loads stored HTML with every block, labelled and described, without reporting a change', async () => {
    const onChange = vi.fn();
    render(<Harness initial={STORED} onChange={onChange} />);
    const box = await textbox();
    expect(box).toHaveAccessibleDescription('Shown on the offer page.');
    expect(within(box).getByRole('heading', { level: 2, name: 'The plan' })).toBeInTheDocument();
    expect(within(box).getByRole('heading', { level: 3, name: 'Phasing' })).toBeInTheDocument();
    expect(box.querySelector('p br')).not.toBeNull();
    expect(
      within(box)
        .getAllByRole('list')
        .map((l) => l.tagName),
    ).toEqual(['UL', 'OL']);
    expect(within(box).getByText('plan').closest('a')).toHaveAttribute('href', 'https://example.com/plan');
    expect(box.querySelector('strong, em, u, s')).not.toBeNull();
    expect(box.querySelectorAll('strong, em, u, s')).toHaveLength(4);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers a labelled toolbar, one button for each block and mark it can produce', async () => {
    render(<Harness initial="" onChange={vi.fn()} />);
    await textbox();
    const toolbar = screen.getByRole('toolbar', { name: 'Description formatting' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Bold', 'Italic', 'Underline', 'Strikethrough', 'H2 heading', 'H3 subheading', 'Bulleted list', 'Numbered list', 'Link']);
  });

  it('Enter starts a new paragraph instead of running the lines together', async () => {
    const onChange = vi.fn();
    render(<Harness initial="<p>The planBuild 180 homes</p>" onChange={onChange} />);
    const box = await textbox();
    const text = box.querySelector('p')!.firstChild!;
    // The caret after "The plan".
    box.focus();
    const range = document.createRange();
    range.setStart(text, 'The plan'.length);
    range.collapse(true);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    fireEvent(document, new Event('selectionchange'));
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>The plan</p><p>Build 180 homes</p>'));
  });

  it("keeps what was typed when a render brings back an older value of the editor's own (a busy phone)", async () => {
    const reports: string[] = [];
    const Lagging = ({ value }: { value: string }) => (
      <RichTextEditor label="Description" value={value} onChange={(html) => reports.push(html)} />
    );
    const { rerender } = render(<Lagging value="<p>Draft</p>" />);
    const box = await textbox();
    const text = box.querySelector('p')!.firstChild!;
    box.focus();
    const range = document.createRange();
    range.setStart(text, 'Draft'.length);
    range.collapse(true);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    fireEvent(document, new Event('selectionchange'));
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(reports).toHaveLength(2));
    expect(box.querySelectorAll('p')).toHaveLength(3);

    // The parent renders the first report only now, after the second keystroke: the content stays as typed.
    rerender(<Lagging value={reports[0]!} />);
    expect(box.querySelectorAll('p')).toHaveLength(3);
    rerender(<Lagging value={reports[1]!} />);
    expect(box.querySelectorAll('p')).toHaveLength(3);
    // Caught up, a value from outside is taken, even one the editor had before (Discard back to the saved copy).
    rerender(<Lagging value="<p>Draft</p>" />);
    await waitFor(() => expect(box.querySelectorAll('p')).toHaveLength(1));
  });

  it('takes a new value from outside (a reset, the saved copy) and is read-only when disabled', async () => {
    const { rerender } = render(<Harness initial="<p>Draft</p>" onChange={vi.fn()} />);
    const box = await textbox();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(box).toHaveTextContent('Reset from the server'));
    rerender(<Harness initial="<p>Draft</p>" onChange={vi.fn()} disabled />);
    await waitFor(() => expect(box).toHaveAttribute('contenteditable', 'false'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bold' })).toBeDisabled());
  });
});
