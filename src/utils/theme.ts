/** SPEC §9: primary colour, light theme, side layout, fluid content width. */
export const PRIMARY_COLOR = '#05C7BE';
