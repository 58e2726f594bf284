import { TextField, type TextFieldProps } from '@mui/material';
import type { ChangeEvent, ReactNode, Ref } from 'react';
import { reformat } from './mask-caret.ts';

/** TextField props the masked inputs accept; value, onChange and type are theirs to own. */
export type MaskedFieldProps = Omit<TextFieldProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputRef' | 'ref' | 'slotProps'> & {
  /** React 19 passes `ref` as a prop, so react-hook-form's `{...field}` focuses the input on error. */
  ref?: Ref<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
};

interface MaskedTextFieldProps extends MaskedFieldProps {
  text: string;
  onText: (text: string) => void;
  format: (raw: string) => string;
  significant: RegExp;
  inputMode: 'numeric' | 'decimal';
  type?: 'text' | 'password';
  endAdornment?: ReactNode;
}

function assignRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

/** A TextField that re-formats every keystroke and keeps the caret next to the character just typed. */
export function MaskedTextField({
  text,
  onText,
  format,
  significant,
  inputMode,
  type = 'text',
  endAdornment,
  ref,
  inputRef,
  ...props
}: MaskedTextFieldProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const { inputType } = event.nativeEvent as InputEvent;
    const next = reformat(
      {
        raw: input.value,
        caret: input.selectionStart ?? input.value.length,
        previous: text,
        deleteBackward: inputType === 'deleteContentBackward',
      },
      format,
      significant,
    );
    // Writing the value before React re-renders means React leaves the input alone and the caret stays put.
    input.value = next.text;
    if (input.ownerDocument.activeElement === input) input.setSelectionRange(next.caret, next.caret);
    onText(next.text);
  };

  return (
    <TextField
      {...props}
      type={type}
      value={text}
      onChange={handleChange}
      inputRef={(node: HTMLInputElement | null) => {
        assignRef(ref, node);
        assignRef(inputRef, node);
      }}
      slotProps={{ input: { endAdornment }, htmlInput: { inputMode, autoComplete: 'off', spellCheck: false } }}
    />
  );
}
