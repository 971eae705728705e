/**
 * What the layout knows of a screen before its chunk or its data arrive (a route's `handle`, src/app/routes.tsx):
 * `wide` screens take the lists' width from 64em (the ticket page's two columns), so main has its final width from the
 * first frame instead of widening when the page renders (a layout shift).
 */
export type ScreenHandle = { wide?: boolean };
