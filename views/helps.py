"""The help texts that more than one input shares, in one table: an input's help says the same wherever it is."""

#: By what the input is. A page adds only what is its own (whose AP, the most it takes).
INPUT_HELP = {
    "ap": "Armour Piercing, 0 or negative: it worsens the armour save.",
    "mw": "Wounds each unsaved wound costs: 1, 2, D3, D6 or D3+1; the excess over a model's last Wound is lost.",
    "attacks": "A number (10) or dice (D3, D6, 2D6, D6+1).",
}
