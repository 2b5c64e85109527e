pub mod checkers;
pub mod connect4;
pub mod magic_square;
pub mod nine_almonds;
pub mod pentago;
pub mod registry;
pub mod reversi;
pub mod slide;
