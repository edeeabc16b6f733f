/** At or below this many units free to sell (on hand less reserved) in a warehouse, a variant is low on stock: the console's dashboard lists it. */
export const LOW_STOCK_UNITS = 10;
