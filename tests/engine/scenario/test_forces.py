"""motu/engine/scenario/forces.py, the one place callers import the order of battle from: its names are their homes'."""
from motu.engine.scenario import force_changes, force_tree, formations, forces


def test_every_name_forces_offers_is_the_object_of_its_home_module():
    homes = (force_tree, force_changes, formations)
    for name in forces.__all__:
        got = getattr(forces, name)
        assert [m.__name__ for m in homes if getattr(m, name, None) is got], name
    made_here = {n for m in homes for n, v in vars(m).items()
                 if not n.startswith("_") and getattr(v, "__module__", None) == m.__name__}
    assert made_here <= set(forces.__all__), made_here - set(forces.__all__)
