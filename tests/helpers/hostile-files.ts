/**
 * 2 kB of SVG whose nested <use> elements multiply into a million blurred
 * shapes: minutes of rasterizing for librsvg. The attack of issue 12, used by
 * the media limits test and the upload-flood bench.
 */
export function svgBomb(levels = 6, fan = 10): Buffer {
  let defs = '<g id="a0"><circle cx="256" cy="256" r="250" fill="red" opacity="0.02" filter="url(#b)"/></g>';
  for (let level = 1; level <= levels; level++) defs += `<g id="a${level}">${`<use href="#a${level - 1}"/>`.repeat(fan)}</g>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><defs><filter id="b"><feGaussianBlur stdDeviation="3"/></filter>${defs}</defs><use href="#a${levels}"/></svg>`,
  );
}
