import { Box, List, Stack, Text } from '@mantine/core';
import { SIGNATURE_BOX, type SheetSignOff } from '@plod/model';
import { Facts } from './Facts';

/** A stored signature path drawn as SVG (the same path the PDF draws). */
export function SignatureImage({ path, signer }: { path: string; signer: string | null }) {
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${SIGNATURE_BOX.width} ${SIGNATURE_BOX.height}`}
      role="img"
      aria-label={`Signature of ${signer ?? 'the signer'}`}
      data-testid="signature"
      w="100%"
      maw={360}
      bd="1px solid var(--mantine-color-gray-4)"
      style={{ display: 'block', borderRadius: 4, background: 'white' }}
    >
      <path
        d={path}
        fill="none"
        stroke="#1a1b1e"
        strokeWidth={5}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Box>
  );
}

/** What the signer certified, who signed and when, final notes, and the signature itself. */
export function SignOffBody({ signOff }: { signOff: SheetSignOff }) {
  return (
    <Stack gap="sm">
      <List spacing={4} data-testid="report-certifications">
        {signOff.certifications.map((line) => (
          <List.Item key={line} icon={<Text span>{signOff.certified ? '☑' : '☐'}</Text>}>
            {line}
          </List.Item>
        ))}
      </List>
      <Facts
        facts={[
          { label: 'Signed by', value: signOff.signedBy ?? 'Not signed' },
          { label: 'Signed at', value: signOff.signedAt ?? '—' },
          { label: 'Certified', value: signOff.certified ? 'Yes' : 'No' },
          { label: 'Final notes', value: signOff.finalNotes ?? '—' },
        ]}
      />
      {signOff.signature ? (
        <SignatureImage path={signOff.signature} signer={signOff.signedBy} />
      ) : (
        <Text c="dimmed" data-testid="no-signature">
          No signature
        </Text>
      )}
    </Stack>
  );
}
