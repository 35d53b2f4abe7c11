"""The box on the table: values no public source gives, entered once by the owner, checked and remembered.

An edition's data marks every value nobody has published as unknown. A :class:`~companion.box.profile.BoxProfile`
is the owner's overlay on an edition (values read off their own board, Title Deeds and cards, and corrections of
published values where their printing differs). :mod:`~companion.box.checks` catches typing mistakes, naming the
space or deed and the field; :mod:`~companion.box.status` says what is still missing and whether play can ask for
it when first needed; :mod:`~companion.box.store` keeps profiles in the user's data folder and on a USB stick.
No Kivy here.
"""
