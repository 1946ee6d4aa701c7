"""Test settings: hypothesis profiles (CI runs the ``ci`` profile)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
settings.register_profile("dev", max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
