//! Each Life campaign level's par (issue 65 item 1): the cells its
//! certificate's win placed (`replays/life-campaign/`), recomputed from the
//! certificates by the test `the_campaign_pars_are_the_certificates_cells`.

/// The pars, in the campaign's order.
pub const PARS: [u32; 103] = [
    9, 14, 65, 13, 7, 5, 20, 15, 10, 33, 29, 27, 51, 15, 5, 18, 12, 19, 8, 13, 15, 8, 14, 20, 35, 37, 16, 11, 10, 15,
    15, 22, 23, 21, 16, 17, 10, 18, 25, 12, 18, 19, 16, 30, 30, 9, 21, 35, 29, 29, 18, 21, 23, 30, 26, 17, 14, 35, 22,
    33, 32, 18, 35, 18, 14, 25, 27, 32, 29, 37, 32, 27, 30, 30, 34, 34, 63, 26, 36, 86, 64, 37, 48, 50, 18, 53, 36, 33,
    38, 48, 37, 46, 60, 44, 55, 44, 40, 64, 53, 40, 33, 77, 39,
];
