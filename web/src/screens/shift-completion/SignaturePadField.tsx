import { Button, Group, Input, Stack, Text } from '@mantine/core';
import {
  SIGNATURE_BOX,
  SIGNATURE_TOO_LARGE,
  encodeSignature,
  type SignaturePoint,
} from '@plod/model';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

export interface SignaturePadFieldProps {
  /** Called with the stored path after each stroke, or null when cleared (or too detailed). */
  onChange: (path: string | null) => void;
  error?: string | null;
  disabled?: boolean;
}

const INK = '#1a1b1e';

/** The pad's strokes in SIGNATURE_BOX units (the pad keeps SIGNATURE_BOX's 3:1 shape on screen). */
function strokesOf(pad: SignaturePad, canvas: HTMLCanvasElement): SignaturePoint[][] {
  const sx = SIGNATURE_BOX.width / Math.max(canvas.offsetWidth, 1);
  const sy = SIGNATURE_BOX.height / Math.max(canvas.offsetHeight, 1);
  return pad.toData().map((group) => group.points.map((p) => ({ x: p.x * sx, y: p.y * sy })));
}

/**
 * A finger signature pad (signature_pad draws the ink as the finger moves). What is kept is the
 * strokes' points, simplified into a small vector path (see model shift-summary/signature.ts).
 */
export function SignaturePadField({ onChange, error, disabled = false }: SignaturePadFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const [tooLarge, setTooLarge] = useState(false);
  const [cannotDraw, setCannotDraw] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    if (!canvas.getContext('2d')) {
      // No 2D canvas (a very old or locked-down browser): say so rather than fail.
      const timer = setTimeout(() => setCannotDraw(true));
      return () => clearTimeout(timer);
    }
    const pad = new SignaturePad(canvas, { penColor: INK, minWidth: 1, maxWidth: 3 });
    padRef.current = pad;
    // The canvas is drawn at the screen's pixel density, and redrawn from its strokes on a resize.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.fromData(data);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    const onEnd = () => {
      const path = encodeSignature(strokesOf(pad, canvas));
      setTooLarge(path === null && !pad.isEmpty());
      changed.current(path);
    };
    pad.addEventListener('endStroke', onEnd);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    setTooLarge(false);
    changed.current(null);
  };

  const shown = cannotDraw
    ? 'This browser cannot draw a signature: submit from another phone'
    : tooLarge
      ? SIGNATURE_TOO_LARGE
      : error;
  return (
    <Input.Wrapper
      label="Signature"
      size="md"
      description="Sign with your finger in the box"
      required
      error={shown}
      id="signature-pad"
    >
      <Stack gap={6} mt={6}>
        <canvas
          ref={canvasRef}
          id="signature-pad"
          role="img"
          aria-label="Signature pad: sign with your finger"
          data-testid="signature-pad"
          style={{
            width: '100%',
            aspectRatio: `${SIGNATURE_BOX.width} / ${SIGNATURE_BOX.height}`,
            border: `2px ${shown ? 'solid var(--mantine-color-red-8)' : 'dashed var(--mantine-color-gray-6)'}`,
            borderRadius: 8,
            background: '#fff',
            touchAction: 'none',
            display: 'block',
          }}
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Signing means you certify the statements above.
          </Text>
          <Button variant="default" onClick={clear} disabled={disabled}>
            Clear signature
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
