// Splide ships its CSS entry points without type declarations.
declare module "@splidejs/react-splide/css/core";
