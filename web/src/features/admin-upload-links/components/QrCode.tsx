import { encode } from 'uqr';

/**
 * The link as a QR code for a phone to scan, drawn as SVG squares from the
 * encoded matrix (no canvas, no inline markup): crisp at any size and allowed by the CSP.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  const cells: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) cells.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={200}
      height={200}
      shapeRendering="crispEdges"
      style={{ background: '#fff' }}
    >
      <path d={cells.join('')} fill="#000" />
    </svg>
  );
}
