"""The rules page's example boards: each shows what its caption says."""

from filler.api import rules_examples


def test_the_examples_show_a_flood_chain_an_enclosure_and_the_equator():
    examples = rules_examples()
    flood = examples["flood"]
    parts = flood["before"]["previews"][str(flood["color"])]
    assert len(parts["flood"]) >= 4 and not parts["enclosure"]
    enclosure = examples["enclosure"]
    assert enclosure["before"]["previews"][str(enclosure["color"])]["enclosure"]
    equator = examples["equator"]
    assert equator["after"]["over"] and equator["after"]["end_reason"] == "equator"
    assert equator["after"]["cell_owners"].count(".") > 0  # decided, not played out
    assert rules_examples() == examples  # the same every build
