import { ActionIcon, TextInput } from '@mantine/core';
import { FILTER_DATE_MESSAGE, parseTypedDay } from '@plod/model';
import { useRef, useState } from 'react';

/** A small calendar drawn in the text colour (an emoji may have no glyph on the machine). */
function CalendarIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden focusable="false">
      <rect
        x="3"
        y="5"
        width="18"
        height="16"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export interface DateFieldProps {
  label: string;
  /** The day in the address (YYYY-MM-DD), or what was typed there when it is not one. */
  value: string;
  /** A message for the field from elsewhere (the address held a bad day, the range is backwards). */
  error?: string;
  /** A real day (YYYY-MM-DD), or null to clear. */
  onChange: (day: string | null) => void;
}

/**
 * A date a person types (2026-03-09 or 3/9/2026, taken when they leave the field or press Enter)
 * or picks from the browser's calendar. A day that does not exist gets a message beside the field
 * and changes nothing. Give it `key={value}`: a new value from the address starts it afresh.
 */
export function DateField({ label, value, error, onChange }: DateFieldProps) {
  const [text, setText] = useState(value);
  const [typedError, setTypedError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const commit = () => {
    const typed = text.trim();
    if (typed === '') {
      setTypedError(null);
      if (value !== '') onChange(null);
      return;
    }
    const day = parseTypedDay(typed);
    if (day === null) {
      setTypedError(FILTER_DATE_MESSAGE);
      return;
    }
    setTypedError(null);
    setText(day);
    if (day !== value) onChange(day);
  };
  return (
    <TextInput
      label={label}
      placeholder="YYYY-MM-DD"
      inputMode="numeric"
      autoComplete="off"
      value={text}
      error={typedError ?? error}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
      rightSectionWidth={44}
      rightSection={
        <>
          <ActionIcon
            variant="subtle"
            size={40}
            aria-label={`Pick the ${label.toLowerCase()} date`}
            onClick={() => picker.current?.showPicker()}
          >
            <CalendarIcon />
          </ActionIcon>
          {/* The browser's own calendar; kept in the layout (showPicker needs that), unseen. */}
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden
            value={parseTypedDay(value) ?? ''}
            onChange={(event) => {
              const day = event.currentTarget.value;
              setTypedError(null);
              onChange(day === '' ? null : day);
            }}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
          />
        </>
      }
    />
  );
}
