/** The studio's mark: a grid of eight squares, four by two, the last one lit. */
export function Logo({ size = 36 }: { size?: number }) {
  const squares = Array.from({ length: 8 }, (_, i) => ({
    x: (i % 4) * 10,
    y: Math.floor(i / 4) * 10,
    i,
  }));
  return (
    <svg
      className="logo"
      width={size}
      height={size / 2}
      viewBox="0 0 38 18"
      aria-hidden="true"
      focusable="false"
    >
      {squares.map(({ x, y, i }) => (
        <rect
          key={i}
          className={i === 7 ? 'logo__square logo__square--lit' : 'logo__square'}
          x={x}
          y={y}
          width="8"
          height="8"
          rx="1.5"
        />
      ))}
    </svg>
  );
}
