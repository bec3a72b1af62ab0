import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { PALETTES } from './palettes';

// Plain objects rather than `Button.extend(...)`: importing the components here would pull every
// one of them (Select, Modal and their popover machinery) into the first route's bundle.
const large = { defaultProps: { size: 'lg' } };

/** The smallest target a gloved thumb hits reliably (and WCAG 2.2's enhanced size). */
export const MIN_TARGET_PX = 44;

// A label that does not fit wraps onto a second line instead of being cut ("Save Chang").
const wrapping = { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } as const;

// A radio or checkbox is tapped by its whole row: the label is at least a thumb tall.
const tappableChoice = {
  defaultProps: { size: 'lg' },
  styles: {
    root: { minHeight: MIN_TARGET_PX, display: 'flex', alignItems: 'center' },
    body: { alignItems: 'center' },
    label: {
      minHeight: MIN_TARGET_PX,
      display: 'flex',
      alignItems: 'center',
      cursor: 'pointer',
      ...wrapping,
    },
  },
};

// Options in a dropdown list are targets too.
const listOptions = {
  defaultProps: { size: 'lg' },
  styles: { option: { minHeight: MIN_TARGET_PX, display: 'flex', alignItems: 'center' } },
};

// A close button is a target with a name: Mantine's own has neither the size nor (in a modal) a name.
// "Dismiss", not "Close": most dialogs also end with a Close button, and the two must not share a name.
const closeButton = { size: 'xl', 'aria-label': 'Dismiss' } as const;

/**
 * Designed for a phone held in a gloved hand in sunlight: every control at least 44 px, text at
 * least 14 px, hi-vis orange as the brand colour, and every colour pair at WCAG 2.2 AA contrast
 * (the palettes darken Mantine's deepest shades; filled controls pick black or white text by
 * luminance, so a yellow badge reads black on yellow).
 */
export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: { light: 8, dark: 6 },
  colors: PALETTES,
  autoContrast: true,
  defaultRadius: 'md',
  fontSizes: {
    xs: '0.875rem',
    sm: '0.9375rem',
    md: '1.0625rem',
    lg: '1.1875rem',
    xl: '1.3125rem',
  },
  headings: { fontWeight: '700' },
  components: {
    Button: {
      defaultProps: { size: 'lg' },
      // Grows with a wrapped label; flex keeps a short label centred in the taller box.
      styles: (_theme: unknown, props: { fullWidth?: boolean }) => ({
        root: {
          height: 'auto',
          minHeight: `max(var(--button-height), ${MIN_TARGET_PX}px)`,
          paddingBlock: 4,
          display: props.fullWidth ? 'flex' : 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
        },
        inner: { width: '100%' },
        label: { ...wrapping, textAlign: 'center', lineHeight: 1.2 },
      }),
    },
    // Every input, whatever size a form gives it (a select at 'md' is 42 px), is a thumb tall.
    Input: { styles: { input: { minHeight: MIN_TARGET_PX } } },
    TextInput: large,
    PasswordInput: large,
    // Steppers too small for a thumb are left out: the phone's number pad is the way in.
    NumberInput: { defaultProps: { size: 'lg', hideControls: true } },
    Textarea: large,
    Select: listOptions,
    Autocomplete: listOptions,
    NativeSelect: large,
    Switch: {
      defaultProps: { size: 'lg' },
      styles: {
        root: { minHeight: MIN_TARGET_PX, display: 'flex', alignItems: 'center' },
        label: { minHeight: MIN_TARGET_PX, display: 'flex', alignItems: 'center', ...wrapping },
      },
    },
    Checkbox: tappableChoice,
    Radio: tappableChoice,
    SegmentedControl: {
      defaultProps: { size: 'lg' },
      styles: {
        label: {
          minHeight: MIN_TARGET_PX,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        },
      },
    },
    Tabs: { styles: { tab: { minHeight: MIN_TARGET_PX } } },
    ActionIcon: {
      defaultProps: { size: 48 },
      styles: { root: { minWidth: MIN_TARGET_PX, minHeight: MIN_TARGET_PX } },
    },
    // A link inside a sentence is told apart by more than its colour.
    Anchor: { defaultProps: { underline: 'always' } },
    CloseButton: { defaultProps: { size: 'xl' } },
    Badge: {
      // Badges hold values (a status, the shift): never under 14 px, never cut.
      vars: (_theme: unknown, props: { size?: string }) => ({
        root: { '--badge-fz': props.size === 'xl' ? '1.0625rem' : '0.875rem' },
      }),
      styles: {
        root: {
          height: 'auto',
          minHeight: 'var(--badge-height)',
          paddingBlock: 2,
          maxWidth: '100%',
        },
        label: { ...wrapping, textAlign: 'center' },
      },
    },
    // A table wider than the phone scrolls sideways: its scroller is reachable from the keyboard.
    TableScrollContainer: {
      defaultProps: {
        scrollAreaProps: {
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Table, scrolls sideways' },
        },
      },
    },
    Card: { defaultProps: { withBorder: true, padding: 'lg' } },
    Modal: { defaultProps: { centered: true, closeButtonProps: closeButton } },
    Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } },
    Notification: {
      defaultProps: { closeButtonProps: closeButton },
      // Mantine greys a titled toast's message with gray 6 (3.3:1 on white).
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
  },
});

/**
 * Text roles Mantine colours with shade 6 (3.3:1 on white) get a shade that passes AA: dimmed
 * text, error messages, placeholders.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-anchor': 'var(--mantine-color-orange-9)',
  },
  dark: {},
});
