import { createTheme } from '@mantine/core';

// Plain objects rather than `Button.extend(...)`: importing the components here would pull every
// one of them (Select, Modal and their popover machinery) into the first route's bundle.
const large = { defaultProps: { size: 'lg' } };

// Designed for a phone held in a gloved hand in sunlight: every control at least 48 px tall,
// body text a step larger than Mantine's default, hi-vis orange as the brand colour.
export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontSizes: { md: '1.0625rem' },
  headings: { fontWeight: '700' },
  components: {
    Button: large,
    TextInput: large,
    PasswordInput: large,
    NumberInput: large,
    Textarea: large,
    Select: large,
    NativeSelect: large,
    Switch: large,
    Checkbox: large,
    SegmentedControl: large,
    ActionIcon: { defaultProps: { size: 48 } },
    Card: { defaultProps: { withBorder: true, padding: 'lg' } },
    Modal: { defaultProps: { centered: true } },
  },
});
